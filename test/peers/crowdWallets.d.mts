export declare function announceWallets(count: number): void
