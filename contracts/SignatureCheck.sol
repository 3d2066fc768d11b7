// SPDX-License-Identifier: MIT
pragma solidity ^0.8.26;

// Walletdeck's signature check (docs/behaviour.md §7.8), written from the text of ERC-1271 and
// ERC-6492. It is never deployed: the page sends its creation code with the constructor arguments
// (account, hash, signature) as the data of one eth_call without `to`, and the constructor answers
// with one byte, 0x01 (valid) or 0x00 (not valid). It never reverts on a signature, whatever the
// account's contract or the wrapper's factory do: a revert, an odd answer or all the gas burnt is
// "not valid". Nothing is kept: an eth_call changes no state.
contract SignatureCheck {
    /// ERC-6492: a signature ending with these 32 bytes wraps abi.encode(factory, factoryCalldata, signature).
    bytes32 private constant WRAPPED = 0x6492649264926492649264926492649264926492649264926492649264926492;
    /// ERC-1271: what isValidSignature(bytes32,bytes) returns for a valid signature (also its selector).
    bytes4 private constant ACCEPTED = 0x1626ba7e;

    constructor(address account, bytes32 hash, bytes memory signature) {
        bool valid = isValid(account, hash, signature);
        assembly {
            mstore(0, valid)
            return(31, 1)
        }
    }

    /// The ERC-6492 order: a wrapped signature first (its account made by its factory when it has no
    /// code yet), then ERC-1271 for an account with code, then ecrecover.
    function isValid(address account, bytes32 hash, bytes memory signature) private returns (bool) {
        if (isWrapped(signature)) {
            (bool ok, address factory, bytes memory factoryCalldata, bytes memory inner) = unwrap(signature);
            if (!ok) return false;
            if (account.code.length == 0) {
                if (!callFactory(factory, factoryCalldata)) return false;
                if (account.code.length == 0) return false;
            }
            return accepts(account, hash, inner);
        }
        if (account.code.length > 0) return accepts(account, hash, signature);
        return recovers(account, hash, signature);
    }

    function isWrapped(bytes memory signature) private pure returns (bool) {
        if (signature.length < 32) return false;
        bytes32 tail;
        assembly {
            tail := mload(add(signature, mload(signature)))
        }
        return tail == WRAPPED;
    }

    /// abi.decode of the wrapper, checked step by step so that malformed input is "not valid", not a revert.
    function unwrap(bytes memory signature)
        private
        pure
        returns (bool ok, address factory, bytes memory factoryCalldata, bytes memory inner)
    {
        uint256 size = signature.length - 32;
        if (size < 96) return (false, address(0), "", "");
        uint256 head0 = word(signature, 0);
        if (head0 >> 160 != 0) return (false, address(0), "", "");
        factory = address(uint160(head0));
        bool first;
        bool second;
        (first, factoryCalldata) = bytesAt(signature, size, word(signature, 32));
        (second, inner) = bytesAt(signature, size, word(signature, 64));
        ok = first && second;
    }

    /// The 32-byte word at `offset` of `data`'s contents (the caller has checked it is inside).
    function word(bytes memory data, uint256 offset) private pure returns (uint256 value) {
        assembly {
            value := mload(add(add(data, 32), offset))
        }
    }

    /// The ABI-encoded `bytes` whose head sits at `offset` within the first `size` bytes of `data`.
    function bytesAt(bytes memory data, uint256 size, uint256 offset) private pure returns (bool, bytes memory) {
        if (offset > size || size - offset < 32) return (false, "");
        uint256 length = word(data, offset);
        if (length > size - offset - 32) return (false, "");
        bytes memory out = new bytes(length);
        assembly {
            let from := add(add(data, 64), offset)
            let to := add(out, 32)
            for { let i := 0 } lt(i, length) { i := add(i, 32) } {
                mstore(add(to, i), mload(add(from, i)))
            }
            // The last word may have copied bytes past the end: zero them, as Solidity expects.
            mstore(add(to, length), 0)
        }
        return (true, out);
    }

    /// Calls the factory with its calldata; its answer is not read (only whether it reverted).
    function callFactory(address factory, bytes memory data) private returns (bool ok) {
        assembly {
            ok := call(gas(), factory, 0, add(data, 32), mload(data), 0, 0)
        }
    }

    /// ERC-1271: the account's contract accepts the signature when it answers exactly the magic value.
    /// Only one word of its answer is read, so a huge answer costs it, not us.
    function accepts(address account, bytes32 hash, bytes memory signature) private view returns (bool) {
        bytes memory data = abi.encodeWithSelector(ACCEPTED, hash, signature);
        bool ok;
        uint256 size;
        bytes32 answer;
        assembly {
            mstore(0, 0)
            ok := staticcall(gas(), account, add(data, 32), mload(data), 0, 32)
            size := returndatasize()
            answer := mload(0)
        }
        return ok && size >= 32 && answer == bytes32(ACCEPTED);
    }

    /// ecrecover of a 65-byte r, s, v signature (v 27 or 28, or 0 or 1).
    function recovers(address account, bytes32 hash, bytes memory signature) private view returns (bool) {
        if (signature.length != 65) return false;
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly {
            r := mload(add(signature, 32))
            s := mload(add(signature, 64))
            v := byte(0, mload(add(signature, 96)))
        }
        if (v < 27) v += 27;
        if (v != 27 && v != 28) return false;
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == account;
    }
}
