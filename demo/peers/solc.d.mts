/** One contract of a compile: the outputs the caller selected (abi, evm.bytecode, evm.deployedBytecode). */
export interface CompiledContract {
  abi?: unknown[]
  evm?: { bytecode?: { object: string }; deployedBytecode?: { object: string } }
}

export function compileSolidity(fileName: string, content: string, outputs: readonly string[]): Record<string, CompiledContract>
