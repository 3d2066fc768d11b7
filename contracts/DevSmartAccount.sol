// SPDX-License-Identifier: MIT
pragma solidity ^0.8.26;

// The development Coinbase popup's smart account (`npm start` and the tests; never in the page): a
// small contract account owned by one key, standing in for Coinbase Smart Wallet. It accepts a
// signature by ERC-1271 when its owner's key signed the hash wrapped for this account and chain (so a
// signature for one account is no good for another), runs a batch of calls its owner signed (whoever
// submits it: the popup's stand-in bundler pays the gas), and is made by a CREATE2 factory on its
// first transaction, so that before it it signs with ERC-6492.

struct Call {
    address target;
    uint256 value;
    bytes data;
}

contract DevSmartAccount {
    bytes32 private constant DOMAIN_TYPEHASH = keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant NAME_HASH = keccak256("Walletdeck development account");
    bytes32 private constant VERSION_HASH = keccak256("1");
    bytes32 private constant MESSAGE_TYPEHASH = keccak256("AccountMessage(bytes32 hash)");
    bytes32 private constant CALL_TYPEHASH = keccak256("Call(address target,uint256 value,bytes data)");
    bytes32 private constant EXECUTE_TYPEHASH = keccak256("Execute(uint256 nonce,Call[] calls)Call(address target,uint256 value,bytes data)");
    /// secp256k1's order / 2: a higher s is the same signature's twin (EIP-2), refused.
    uint256 private constant HALF_ORDER = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    address public immutable owner;
    /// Counts executed batches: a signed batch runs once.
    uint256 public nonce;

    error BadSignature();
    error CallFailed(uint256 index, bytes reason);

    constructor(address owner_) {
        owner = owner_;
    }

    receive() external payable {}

    function domainSeparator() public view returns (bytes32) {
        return keccak256(abi.encode(DOMAIN_TYPEHASH, NAME_HASH, VERSION_HASH, block.chainid, address(this)));
    }

    /// What the owner signs for a hash the account is asked about (EIP-712 AccountMessage(bytes32 hash)).
    function replaySafeHash(bytes32 hash) public view returns (bytes32) {
        return keccak256(abi.encodePacked("\x19\x01", domainSeparator(), keccak256(abi.encode(MESSAGE_TYPEHASH, hash))));
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        return signedByOwner(replaySafeHash(hash), signature) ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }

    /// What the owner signs for a batch (EIP-712 Execute(uint256 nonce, Call[] calls)) at the current nonce.
    function executeDigest(Call[] calldata calls) public view returns (bytes32) {
        bytes32[] memory hashes = new bytes32[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            hashes[i] = keccak256(abi.encode(CALL_TYPEHASH, calls[i].target, calls[i].value, keccak256(calls[i].data)));
        }
        bytes32 structHash = keccak256(abi.encode(EXECUTE_TYPEHASH, nonce, keccak256(abi.encodePacked(hashes))));
        return keccak256(abi.encodePacked("\x19\x01", domainSeparator(), structHash));
    }

    /// Runs every call, all or nothing, when the owner signed them at the current nonce.
    function executeBatch(Call[] calldata calls, bytes calldata signature) external {
        if (!signedByOwner(executeDigest(calls), signature)) revert BadSignature();
        nonce += 1;
        for (uint256 i = 0; i < calls.length; i++) {
            (bool ok, bytes memory reason) = calls[i].target.call{value: calls[i].value}(calls[i].data);
            if (!ok) revert CallFailed(i, reason);
        }
    }

    function signedByOwner(bytes32 digest, bytes calldata signature) private view returns (bool) {
        if (signature.length != 65) return false;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (uint256(s) > HALF_ORDER) return false;
        address signer = ecrecover(digest, v, r, s);
        return signer != address(0) && signer == owner;
    }
}

/// Makes a DevSmartAccount with CREATE2, so its address is known before it exists.
contract DevSmartAccountFactory {
    function createAccount(address owner, bytes32 salt) public returns (address account) {
        account = addressOf(owner, salt);
        if (account.code.length == 0) new DevSmartAccount{salt: salt}(owner);
    }

    function addressOf(address owner, bytes32 salt) public view returns (address) {
        bytes32 code = keccak256(abi.encodePacked(type(DevSmartAccount).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, code)))));
    }

    /// The account's first transaction: makes it, then runs the batch its owner signed.
    function createAndExecute(address owner, bytes32 salt, Call[] calldata calls, bytes calldata signature) external {
        DevSmartAccount(payable(createAccount(owner, salt))).executeBatch(calls, signature);
    }
}
