// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A stand-in for ENS's Universal Resolver (mainnet 0xeEeEEEeE14D718C2B47D9923Deab1335E144EeEe)
/// on a local chain, speaking the two calls viem's getEnsName and getEnsText make: the reverse
/// record of an address, and a text record (the avatar) of a name's node. Records are set by
/// the test; there is no registry, resolver or CCIP-read behind them.
contract EnsUniversalResolver {
    mapping(address => string) private names;
    mapping(bytes32 => mapping(string => string)) private texts;

    function setName(address account, string calldata name) external {
        names[account] = name;
    }

    function setText(bytes32 node, string calldata key, string calldata value) external {
        texts[node][key] = value;
    }

    /// viem passes the address itself as `reverseName` (20 bytes) and ENSIP-11 coin type 60.
    function reverseWithGateways(bytes calldata reverseName, uint256, string[] calldata)
        external
        view
        returns (string memory, address, address)
    {
        return (names[address(bytes20(reverseName))], address(this), address(this));
    }

    /// `data` is a call to text(bytes32 node, string key); the answer is that call's ABI-encoded result.
    function resolveWithGateways(bytes calldata, bytes calldata data, string[] calldata)
        external
        view
        returns (bytes memory, address)
    {
        (bytes32 node, string memory key) = abi.decode(data[4:], (bytes32, string));
        return (abi.encode(texts[node][key]), address(this));
    }
}
