// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

/// Multicall3's aggregate3 (the deployed contract at 0xcA11bde05977b3631167028862bE2a173976CA11
/// has more functions; the indexer uses this one). Tests put its runtime code at that address
/// with hardhat_setCode: a fresh Hardhat node has no Multicall3.
contract Multicall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory returnData) {
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory data) = calls[i].target.call(calls[i].callData);
            require(success || calls[i].allowFailure, "Multicall3: call failed");
            returnData[i] = Result(success, data);
        }
    }
}
