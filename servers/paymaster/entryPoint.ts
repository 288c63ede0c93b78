/** The EntryPoint v0.7 at its canonical address (the one the VerifyingPaymaster was built for). */
export const ENTRY_POINT_V07 = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
