// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

/// A stand-in for Farcaster's IdRegistry (Optimism, 0x00000000Fc6c5F01Fc30151999387Bb99A9f489b)
/// with the two reads the frame server makes: custodyOf(fid) and idOf(custody). The real one
/// registers through its IdGateway (fees, signatures, recovery); here anyone may register an
/// address, since the demo and tests play both the Farcaster network and its users. The demo
/// and tests put its runtime code at the real address with hardhat_setCode.
contract IdRegistry {
    uint256 public idCounter;
    mapping(uint256 => address) public custodyOf;
    mapping(address => uint256) public idOf;

    event Register(address indexed to, uint256 indexed id, address recovery);

    /// Gives `to` the next fid; an address holds one fid at most.
    function register(address to) external returns (uint256 fid) {
        require(idOf[to] == 0, "has id");
        fid = ++idCounter;
        custodyOf[fid] = to;
        idOf[to] = fid;
        emit Register(to, fid, address(0));
    }
}
