// SPDX-License-Identifier: MIT
// A Safe-like multisig account for tests only (docs/behaviour.md §1.7): owners and a threshold, a
// transaction executed with enough owners' signatures, a message signed either by the owners' signatures
// (off chain) or by a transaction of the Safe that records it (on chain), and ERC-1271's
// isValidSignature answering for both. The hashes follow the shape of Safe's (EIP-712 over the Safe's
// address and chain); it is not Safe's code and does not claim its guarantees.
pragma solidity ^0.8.20;

contract TestSafe {
    bytes4 internal constant MAGIC_VALUE = 0x1626ba7e;
    bytes32 internal constant DOMAIN_TYPEHASH = keccak256("EIP712Domain(uint256 chainId,address verifyingContract)");
    bytes32 internal constant TX_TYPEHASH = keccak256("SafeTx(address to,uint256 value,bytes data,uint256 nonce)");
    bytes32 internal constant MESSAGE_TYPEHASH = keccak256("SafeMessage(bytes message)");

    address[] internal ownerList;
    mapping(address => bool) public isOwner;
    uint256 public threshold;
    uint256 public nonce;
    /** Messages the Safe signed on chain, by their Safe message hash (getMessageHash). */
    mapping(bytes32 => bool) public signedMessages;

    event ExecutionSuccess(bytes32 indexed txHash);
    event SignMsg(bytes32 indexed messageHash);

    constructor(address[] memory owners_, uint256 threshold_) payable {
        require(threshold_ >= 1 && threshold_ <= owners_.length, "threshold");
        for (uint256 i = 0; i < owners_.length; i++) {
            require(owners_[i] != address(0) && !isOwner[owners_[i]], "owner");
            isOwner[owners_[i]] = true;
            ownerList.push(owners_[i]);
        }
        threshold = threshold_;
    }

    receive() external payable {}

    function getOwners() external view returns (address[] memory) {
        return ownerList;
    }

    function domainSeparator() public view returns (bytes32) {
        return keccak256(abi.encode(DOMAIN_TYPEHASH, block.chainid, address(this)));
    }

    function getTransactionHash(address to, uint256 value, bytes calldata data, uint256 nonce_) public view returns (bytes32) {
        return keccak256(abi.encodePacked(bytes1(0x19), bytes1(0x01), domainSeparator(), keccak256(abi.encode(TX_TYPEHASH, to, value, keccak256(data), nonce_))));
    }

    /** What the owners sign for a message whose EIP-191 or EIP-712 hash is `hash`. */
    function getMessageHash(bytes32 hash) public view returns (bytes32) {
        return keccak256(abi.encodePacked(bytes1(0x19), bytes1(0x01), domainSeparator(), keccak256(abi.encode(MESSAGE_TYPEHASH, keccak256(abi.encode(hash))))));
    }

    /** `threshold` signatures of 65 bytes (r, s, v), by distinct owners in ascending address order. */
    function signaturesValid(bytes32 dataHash, bytes memory signatures) public view returns (bool) {
        if (signatures.length < threshold * 65) return false;
        address last = address(0);
        for (uint256 i = 0; i < threshold; i++) {
            bytes32 r;
            bytes32 s;
            uint8 v;
            assembly {
                let at := add(signatures, add(32, mul(i, 65)))
                r := mload(at)
                s := mload(add(at, 32))
                v := byte(0, mload(add(at, 64)))
            }
            address owner = ecrecover(dataHash, v, r, s);
            if (owner <= last || !isOwner[owner]) return false;
            last = owner;
        }
        return true;
    }

    function execTransaction(address to, uint256 value, bytes calldata data, bytes calldata signatures) external returns (bool success) {
        bytes32 txHash = getTransactionHash(to, value, data, nonce);
        require(signaturesValid(txHash, signatures), "signatures");
        nonce++;
        (success, ) = to.call{value: value}(data);
        require(success, "call failed");
        emit ExecutionSuccess(txHash);
    }

    /** On-chain message signing: only through execTransaction (the owners agreed). */
    function signMessage(bytes32 hash) external {
        require(msg.sender == address(this), "only the Safe itself");
        bytes32 messageHash = getMessageHash(hash);
        signedMessages[messageHash] = true;
        emit SignMsg(messageHash);
    }

    /** ERC-1271: an empty signature asks whether the Safe signed the message on chain. */
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        bytes32 messageHash = getMessageHash(hash);
        if (signature.length == 0) return signedMessages[messageHash] ? MAGIC_VALUE : bytes4(0xffffffff);
        return signaturesValid(messageHash, signature) ? MAGIC_VALUE : bytes4(0xffffffff);
    }
}
