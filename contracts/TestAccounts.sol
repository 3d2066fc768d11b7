// SPDX-License-Identifier: MIT
pragma solidity ^0.8.26;

// Smart accounts for Walletdeck's tests only (never in the page): an ERC-1271 account whose owner's
// key signs hashes for it, a CREATE2 factory that makes one at an address known before it exists
// (for ERC-6492), and accounts that misbehave when asked to check a signature.

/// Accepts a 65-byte signature of the hash itself by its owner's key.
contract OwnedAccount {
    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        return ecrecover(hash, v, r, s) == owner && owner != address(0) ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }
}

/// Makes an OwnedAccount with CREATE2, so its address is known before it is made.
contract OwnedAccountFactory {
    function create(address owner, bytes32 salt) external returns (address account) {
        account = addressOf(owner, salt);
        if (account.code.length == 0) new OwnedAccount{salt: salt}(owner);
    }

    function addressOf(address owner, bytes32 salt) public view returns (address) {
        bytes32 code = keccak256(abi.encodePacked(type(OwnedAccount).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, code)))));
    }
}

/// Reverts whatever it is asked.
contract RevertingAccount {
    function isValidSignature(bytes32, bytes calldata) external pure returns (bytes4) {
        revert("no");
    }
}

/// Answers a value other than the magic one.
contract WrongValueAccount {
    function isValidSignature(bytes32, bytes calldata) external pure returns (bytes4) {
        return 0x1626ba7f;
    }
}

/// Answers the magic value, but padded with garbage instead of zeros.
contract GarbageAccount {
    fallback() external {
        assembly {
            mstore(0, 0x1626ba7e00000000000000000000000000000000000000000000000000000001)
            return(0, 32)
        }
    }
}

/// Burns all the gas it is given.
contract GasBurningAccount {
    function isValidSignature(bytes32, bytes calldata) external view returns (bytes4) {
        uint256 n;
        while (gasleft() > 0) n += 1;
        return bytes4(uint32(n));
    }
}

/// A factory whose every call reverts.
contract RevertingFactory {
    fallback() external {
        revert("no");
    }
}
