// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

/// ERC-4337 v0.7's packed user operation (eth-infinitism's PackedUserOperation).
struct PackedUserOperation {
    address sender;
    uint256 nonce;
    bytes initCode;
    bytes callData;
    bytes32 accountGasLimits;
    uint256 preVerificationGas;
    bytes32 gasFees;
    bytes paymasterAndData;
    bytes signature;
}

/// The embedded wallet's smart account: eth-infinitism's SimpleAccount v0.7 (same calls, same
/// user-operation signature: the owner's EIP-191 signature of the operation hash) plus ERC-1271,
/// which SimpleAccount lacks. The owner is immutable (in the code, not in storage), so validation
/// reads no storage at all and the address commits to the owner. isValidSignature checks the
/// owner's EIP-712 signature of the hash wrapped with this account and chain (Coinbase Smart
/// Wallet's replay-safe hash): a signature the owner made for its own address, or for another
/// account it owns, never passes here.
contract PorticoAccount {
    address public immutable entryPoint;
    address public immutable owner;

    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant MESSAGE_TYPEHASH = keccak256("PorticoAccountMessage(bytes32 hash)");

    constructor(address entryPoint_, address owner_) {
        entryPoint = entryPoint_;
        owner = owner_;
    }

    receive() external payable {}

    function validateUserOp(PackedUserOperation calldata userOp, bytes32 userOpHash, uint256 missingAccountFunds)
        external
        returns (uint256 validationData)
    {
        require(msg.sender == entryPoint, "account: not from EntryPoint");
        bytes32 digest = keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", userOpHash));
        // 1 is SIG_VALIDATION_FAILED: the EntryPoint refuses the operation, gas estimation goes on.
        validationData = recover(digest, userOp.signature) == owner ? 0 : 1;
        if (missingAccountFunds > 0) {
            // The EntryPoint checks the prefund itself; a failed payment fails there.
            (bool paid,) = payable(msg.sender).call{value: missingAccountFunds}("");
            paid;
        }
    }

    function execute(address dest, uint256 value, bytes calldata func) external {
        requireFromEntryPointOrOwner();
        call(dest, value, func);
    }

    function executeBatch(address[] calldata dest, uint256[] calldata value, bytes[] calldata func) external {
        requireFromEntryPointOrOwner();
        require(dest.length == func.length && (value.length == 0 || value.length == func.length), "account: wrong array lengths");
        for (uint256 i = 0; i < dest.length; i++) {
            call(dest[i], value.length == 0 ? 0 : value[i], func[i]);
        }
    }

    /// ERC-1271: the magic value when the owner signed replaySafeHash(hash).
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        return recover(replaySafeHash(hash), signature) == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }

    /// The EIP-712 digest of PorticoAccountMessage(hash) in this account's domain on this chain.
    function replaySafeHash(bytes32 hash) public view returns (bytes32) {
        bytes32 domain = keccak256(
            abi.encode(DOMAIN_TYPEHASH, keccak256("Portico Account"), keccak256("1"), block.chainid, address(this))
        );
        return keccak256(abi.encodePacked("\x19\x01", domain, keccak256(abi.encode(MESSAGE_TYPEHASH, hash))));
    }

    function onERC721Received(address, address, uint256, bytes calldata) external pure returns (bytes4) {
        return this.onERC721Received.selector;
    }

    function onERC1155Received(address, address, uint256, uint256, bytes calldata) external pure returns (bytes4) {
        return this.onERC1155Received.selector;
    }

    function onERC1155BatchReceived(address, address, uint256[] calldata, uint256[] calldata, bytes calldata)
        external
        pure
        returns (bytes4)
    {
        return this.onERC1155BatchReceived.selector;
    }

    function requireFromEntryPointOrOwner() private view {
        require(msg.sender == entryPoint || msg.sender == owner, "account: not Owner or EntryPoint");
    }

    function call(address target, uint256 value, bytes calldata data) private {
        (bool success, bytes memory result) = target.call{value: value}(data);
        if (!success) {
            assembly {
                revert(add(result, 32), mload(result))
            }
        }
    }

    /// The signer of a 65-byte signature, address(0) for any other length, a high s or a bad v
    /// (EIP-2's malleability rule), so a bad signature fails validation instead of reverting.
    function recover(bytes32 digest, bytes calldata signature) private pure returns (address) {
        if (signature.length != 65) return address(0);
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (uint256(s) > 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0) return address(0);
        if (v != 27 && v != 28) return address(0);
        return ecrecover(digest, v, r, s);
    }
}

/// Creates PorticoAccounts at addresses known before they exist (CREATE2 of the account's code and
/// its owner): what the first user operation's initCode and an ERC-6492 signature name.
contract PorticoAccountFactory {
    address public immutable entryPoint;

    constructor(address entryPoint_) {
        entryPoint = entryPoint_;
    }

    function createAccount(address owner, uint256 salt) external returns (address account) {
        account = getAddress(owner, salt);
        if (account.code.length > 0) return account;
        return address(new PorticoAccount{salt: bytes32(salt)}(entryPoint, owner));
    }

    function getAddress(address owner, uint256 salt) public view returns (address) {
        bytes32 code = keccak256(abi.encodePacked(type(PorticoAccount).creationCode, abi.encode(entryPoint, owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), bytes32(salt), code)))));
    }
}
