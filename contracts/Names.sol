// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Names as wallets show them today, for local chains (`npm start`, tests): a resolver with
// per-coin-type addresses and text records, ENSIP-19 reverse registrars (one per coin type, and the
// default one), an EIP-3668 offchain resolver answered by a gateway of ours, and a contract with the
// interface of ENS's Universal Resolver (ENSIP-23: `resolve` and `reverse`). Written from the ENSIPs'
// text; ENS's own contracts are not used.

interface IRegistry {
    function owner(bytes32 node) external view returns (address);
    function resolver(bytes32 node) external view returns (address);
}

/// EIP-3668: the caller asks one of `urls` for `callData`, then calls `callbackFunction(response, extraData)` on `sender`.
error OffchainLookup(address sender, string[] urls, bytes callData, bytes4 callbackFunction, bytes extraData);

library NameCoding {
    /// namehash (ENSIP-1) of the DNS-encoded name starting at `offset`. A label written as its hash,
    /// "[" + 64 hex digits + "]" (how a label longer than 255 bytes is DNS-encoded), counts as that hash.
    function namehash(bytes memory name, uint256 offset) internal pure returns (bytes32 node) {
        require(offset < name.length, "NameCoding: malformed name");
        uint256 size = uint8(name[offset]);
        if (size == 0) return bytes32(0);
        require(offset + 1 + size < name.length, "NameCoding: malformed name");
        (bool hashed, bytes32 label) = hashedLabel(name, offset + 1, size);
        if (!hashed) {
            assembly {
                label := keccak256(add(add(name, 33), offset), size)
            }
        }
        return keccak256(abi.encodePacked(namehash(name, offset + 1 + size), label));
    }

    /// The hash in a label "[<64 hex digits>]", if it is one.
    function hashedLabel(bytes memory name, uint256 start, uint256 size) internal pure returns (bool, bytes32) {
        if (size != 66 || name[start] != "[" || name[start + 65] != "]") return (false, 0);
        uint256 value = 0;
        for (uint256 i = start + 1; i < start + 65; i++) {
            uint8 c = uint8(name[i]);
            uint8 digit;
            if (c >= 48 && c <= 57) digit = c - 48;
            else if (c >= 97 && c <= 102) digit = c - 87;
            else return (false, 0);
            value = (value << 4) | digit;
        }
        return (true, bytes32(value));
    }

    /// The DNS encoding of a dotted name ("a.b" → 0x01 'a' 0x01 'b' 0x00); empty labels are refused, a
    /// label longer than 255 bytes is written as its hash: "[" + keccak256(label) in hex + "]".
    function dnsEncode(bytes memory name) internal pure returns (bytes memory out) {
        uint256 start = 0;
        for (uint256 i = 0; i <= name.length; i++) {
            if (i == name.length || name[i] == ".") {
                uint256 size = i - start;
                require(size > 0, "NameCoding: empty label");
                bytes memory label = new bytes(size);
                for (uint256 j = 0; j < size; j++) label[j] = name[start + j];
                if (size > 255) label = abi.encodePacked("[", hexOf(abi.encodePacked(keccak256(label))), "]");
                out = abi.encodePacked(out, bytes1(uint8(label.length)), label);
                start = i + 1;
            }
        }
        out = abi.encodePacked(out, bytes1(0));
    }

    bytes16 private constant DIGITS = "0123456789abcdef";

    /// Lowercase hex of `data`, no 0x.
    function hexOf(bytes memory data) internal pure returns (bytes memory out) {
        out = new bytes(data.length * 2);
        for (uint256 i = 0; i < data.length; i++) {
            out[2 * i] = DIGITS[uint8(data[i]) >> 4];
            out[2 * i + 1] = DIGITS[uint8(data[i]) & 15];
        }
    }

    /// Lowercase hex of a number, no 0x, no leading zeros (ENSIP-19's coinTypeAsHex).
    function hexOf(uint256 value) internal pure returns (bytes memory out) {
        uint256 digits = 1;
        for (uint256 v = value >> 4; v != 0; v >>= 4) digits++;
        out = new bytes(digits);
        for (uint256 i = digits; i > 0; i--) {
            out[i - 1] = DIGITS[value & 15];
            value >>= 4;
        }
    }

    /// The address in the first label of a DNS-encoded reverse name (40 hex digits), or false.
    function addressLabel(bytes memory name) internal pure returns (bool ok, address found) {
        if (name.length < 41 || uint8(name[0]) != 40) return (false, address(0));
        uint160 value = 0;
        for (uint256 i = 1; i <= 40; i++) {
            uint8 c = uint8(name[i]);
            uint8 digit;
            if (c >= 48 && c <= 57) digit = c - 48;
            else if (c >= 97 && c <= 102) digit = c - 87;
            else return (false, address(0));
            value = (value << 4) | digit;
        }
        return (true, address(value));
    }
}

/// Records of names: addresses per coin type (ENSIP-9/11), the reverse `name`, and text records
/// (ENSIP-5, `avatar` among them). Whoever owns a node in the registry may set its records.
contract RecordResolver {
    uint256 private constant ETH = 60;
    /// ENSIP-19's default EVM coin type: an address for every EVM chain without its own.
    uint256 private constant DEFAULT_EVM = 0x80000000;

    IRegistry public immutable ens;
    mapping(bytes32 => mapping(uint256 => bytes)) private addresses;
    mapping(bytes32 => string) private names;
    mapping(bytes32 => mapping(string => string)) private texts;

    constructor(IRegistry registry) {
        ens = registry;
    }

    modifier authorised(bytes32 node) {
        require(ens.owner(node) == msg.sender, "RecordResolver: not the owner");
        _;
    }

    function addr(bytes32 node) external view returns (address) {
        bytes memory a = addresses[node][ETH];
        return a.length == 20 ? address(bytes20(a)) : address(0);
    }

    /// The address for `coinType`; an EVM coin type with none falls back to the default EVM address.
    function addr(bytes32 node, uint256 coinType) external view returns (bytes memory a) {
        a = addresses[node][coinType];
        if (a.length == 0 && coinType != ETH && coinType & DEFAULT_EVM != 0) a = addresses[node][DEFAULT_EVM];
    }

    function name(bytes32 node) external view returns (string memory) {
        return names[node];
    }

    function text(bytes32 node, string calldata key) external view returns (string memory) {
        return texts[node][key];
    }

    function setAddr(bytes32 node, uint256 coinType, bytes calldata a) external authorised(node) {
        addresses[node][coinType] = a;
    }

    function setName(bytes32 node, string calldata newName) external authorised(node) {
        names[node] = newName;
    }

    function setText(bytes32 node, string calldata key, string calldata value) external authorised(node) {
        texts[node][key] = value;
    }

    function supportsInterface(bytes4 id) external pure returns (bool) {
        return id == 0x3b3b57de || id == 0xf1cb7e06 || id == 0x691f3431 || id == 0x59d1d43c || id == 0x01ffc9a7;
    }
}

/// ENSIP-19: one per coin type, the resolver of `[coinTypeAsHex].reverse` (or of `default.reverse`):
/// answers `name()` for `[address].[coinTypeAsHex].reverse` by wildcard (ENSIP-10) from an
/// address → name map that each address sets for itself (the admin may set it for test accounts).
contract ReverseRegistrar {
    address public immutable admin;
    uint256 public immutable coinType;
    mapping(address => string) private names;

    constructor(address owner_, uint256 coinType_) {
        admin = owner_;
        coinType = coinType_;
    }

    function setName(string calldata newName) external {
        names[msg.sender] = newName;
    }

    function setNameFor(address account, string calldata newName) external {
        require(msg.sender == admin, "ReverseRegistrar: not the admin");
        names[account] = newName;
    }

    function nameOf(address account) external view returns (string memory) {
        return names[account];
    }

    /// ENSIP-10. Only `name(bytes32)` of `[address].<this namespace>` has an answer; anything else is "".
    function resolve(bytes calldata name, bytes calldata data) external view returns (bytes memory) {
        (bool ok, address account) = NameCoding.addressLabel(name);
        if (ok && data.length >= 4 && bytes4(data[:4]) == 0x691f3431) return abi.encode(names[account]);
        return abi.encode("");
    }

    function supportsInterface(bytes4 id) external pure returns (bool) {
        return id == 0x9061b923 || id == 0x01ffc9a7;
    }
}

/// An EIP-3668 resolver for every name below the node it is set on (ENSIP-10 wildcard): it sends the
/// whole `resolve` call to its gateway; the gateway answers `(bytes result, uint64 expires, bytes sig)`,
/// where `sig` is a signer's signature over keccak256(0x1900 ‖ this ‖ expires ‖ keccak256(request) ‖
/// keccak256(result)). The callback accepts only a signer's answer that has not expired.
contract OffchainResolver {
    address public immutable admin;
    string[] private gateways;
    mapping(address => bool) public signers;

    error InvalidSignature();
    error AnswerExpired();

    constructor(address owner_, address signer) {
        admin = owner_;
        signers[signer] = true;
    }

    function setUrls(string[] calldata urls) external {
        require(msg.sender == admin, "OffchainResolver: not the admin");
        delete gateways;
        for (uint256 i = 0; i < urls.length; i++) gateways.push(urls[i]);
    }

    function urls() external view returns (string[] memory) {
        return gateways;
    }

    function resolve(bytes calldata name, bytes calldata data) external view returns (bytes memory) {
        bytes memory request = abi.encodeWithSelector(this.resolve.selector, name, data);
        revert OffchainLookup(address(this), gateways, request, this.resolveWithProof.selector, request);
    }

    function resolveWithProof(bytes calldata response, bytes calldata request) external view returns (bytes memory) {
        (bytes memory result, uint64 expires, bytes memory sig) = abi.decode(response, (bytes, uint64, bytes));
        bytes32 digest = keccak256(abi.encodePacked(hex"1900", address(this), expires, keccak256(request), keccak256(result)));
        if (!signers[recover(digest, sig)]) revert InvalidSignature();
        if (expires < block.timestamp) revert AnswerExpired();
        return result;
    }

    function recover(bytes32 digest, bytes memory sig) private pure returns (address) {
        if (sig.length != 65) return address(0);
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly {
            r := mload(add(sig, 32))
            s := mload(add(sig, 64))
            v := byte(0, mload(add(sig, 96)))
        }
        if (uint256(s) > 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0) return address(0);
        return ecrecover(digest, v, r, s);
    }

    function supportsInterface(bytes4 id) external pure returns (bool) {
        return id == 0x9061b923 || id == 0x01ffc9a7;
    }
}

/// The interface of ENS's Universal Resolver (ENSIP-23) over a registry of ours: `resolve` finds the
/// resolver by walking up the name (ENSIP-10 wildcard) and `reverse` does ENSIP-19 primary-name
/// resolution, verified forward, with the `default.reverse` fallback for EVM coin types. An
/// OffchainLookup of a resolver is passed on with this contract as sender (EIP-3668), and the
/// lookup continues in `resolveCallback`, as many rounds as the resolvers ask for.
contract UniversalResolver {
    IRegistry public immutable registry;

    error ResolverNotFound(bytes name);
    error ResolverNotContract(bytes name, address resolver);
    error UnsupportedResolverProfile(bytes4 selector);
    error ResolverError(bytes errorData);
    error ReverseAddressMismatch(string primary, bytes primaryAddress);

    uint8 private constant FORWARD = 0;
    uint8 private constant REVERSE_NAME = 1;
    uint8 private constant REVERSE_CHECK = 2;
    uint256 private constant ETH = 60;

    /// Where a lookup is: what was asked (`data`, wrapped for an extended resolver) and what is left to do.
    struct Step {
        address resolver;
        bool extended;
        bytes4 selector;
        uint8 phase;
        bytes context;
    }

    constructor(IRegistry registry_) {
        registry = registry_;
    }

    function findResolver(bytes memory name) public view returns (address resolver, bytes32 node, uint256 offset) {
        node = NameCoding.namehash(name, 0);
        bytes32 at = node;
        while (true) {
            resolver = registry.resolver(at);
            if (resolver != address(0) || uint8(name[offset]) == 0) return (resolver, node, offset);
            offset += 1 + uint8(name[offset]);
            at = NameCoding.namehash(name, offset);
        }
    }

    function resolve(bytes calldata name, bytes calldata data) external view returns (bytes memory, address) {
        bytes memory out = start(name, data, FORWARD, "");
        return abi.decode(out, (bytes, address));
    }

    function reverse(bytes calldata lookupAddress, uint256 coinType) external view returns (string memory, address, address) {
        require(lookupAddress.length == 20, "UniversalResolver: not an EVM address");
        bytes memory out = askName(lookupAddress, coinType, false);
        return abi.decode(out, (string, address, address));
    }

    /// EIP-3668 callback: the resolver's own callback with the gateway's response, then the next step.
    function resolveCallback(bytes calldata response, bytes calldata extraData) external view returns (bytes memory) {
        (Step memory step, bytes4 callback, bytes memory innerExtra) = abi.decode(extraData, (Step, bytes4, bytes));
        (bool ok, bytes memory ret) = step.resolver.staticcall(abi.encodeWithSelector(callback, response, innerExtra));
        bytes memory out = settle(step, ok, ret);
        assembly {
            return(add(out, 32), mload(out))
        }
    }

    function reverseName(bytes memory lookupAddress, uint256 coinType, bool useDefault) private pure returns (bytes memory) {
        bytes memory namespace = useDefault ? bytes("default") : coinType == ETH ? bytes("addr") : NameCoding.hexOf(coinType);
        return NameCoding.dnsEncode(abi.encodePacked(NameCoding.hexOf(lookupAddress), ".", namespace, ".reverse"));
    }

    function askName(bytes memory lookupAddress, uint256 coinType, bool useDefault) private view returns (bytes memory) {
        bytes memory name = reverseName(lookupAddress, coinType, useDefault);
        bytes memory data = abi.encodeWithSelector(0x691f3431, NameCoding.namehash(name, 0));
        return start(name, data, REVERSE_NAME, abi.encode(lookupAddress, coinType, useDefault));
    }

    function start(bytes memory name, bytes memory data, uint8 phase, bytes memory context) private view returns (bytes memory) {
        (address resolver, , uint256 offset) = findResolver(name);
        if (resolver == address(0)) {
            // No reverse resolver: no name (an EVM coin type still gets its default name).
            if (phase == REVERSE_NAME) return settled(Step(address(0), false, bytes4(data), phase, context), abi.encode(""));
            revert ResolverNotFound(name);
        }
        if (resolver.code.length == 0) revert ResolverNotContract(name, resolver);
        bool extended = supportsExtended(resolver);
        // ENSIP-10: without resolve(bytes,bytes) a resolver answers only for its own node.
        if (!extended && offset != 0) revert ResolverNotFound(name);
        bytes memory call = extended ? abi.encodeWithSelector(0x9061b923, name, data) : data;
        (bool ok, bytes memory ret) = resolver.staticcall(call);
        return settle(Step(resolver, extended, bytes4(data), phase, context), ok, ret);
    }

    function supportsExtended(address resolver) private view returns (bool) {
        (bool ok, bytes memory ret) = resolver.staticcall{gas: 30000}(abi.encodeWithSelector(0x01ffc9a7, bytes4(0x9061b923)));
        return ok && ret.length >= 32 && abi.decode(ret, (bool));
    }

    /// A resolver's answer (or revert) to the step's call: the next step, or the outcome.
    function settle(Step memory step, bool ok, bytes memory ret) private view returns (bytes memory) {
        if (!ok) {
            if (ret.length >= 4 && bytes4(ret) == OffchainLookup.selector) passOn(step, ret);
            if (ret.length == 0) revert UnsupportedResolverProfile(step.selector);
            revert ResolverError(ret);
        }
        bytes memory result = step.extended ? abi.decode(ret, (bytes)) : ret;
        return settled(step, result);
    }

    /// The resolver's OffchainLookup, re-issued with this contract as sender; a lookup naming
    /// another sender than the resolver is an error of the resolver.
    function passOn(Step memory step, bytes memory ret) private view {
        bytes memory args = new bytes(ret.length - 4);
        for (uint256 i = 4; i < ret.length; i++) args[i - 4] = ret[i];
        (address sender, string[] memory urls, bytes memory callData, bytes4 callback, bytes memory extra) = abi.decode(
            args,
            (address, string[], bytes, bytes4, bytes)
        );
        if (sender != step.resolver) revert ResolverError(ret);
        revert OffchainLookup(address(this), urls, callData, this.resolveCallback.selector, abi.encode(step, callback, extra));
    }

    function settled(Step memory step, bytes memory result) private view returns (bytes memory) {
        if (step.phase == FORWARD) return abi.encode(result, step.resolver);
        if (step.phase == REVERSE_NAME) {
            (bytes memory lookupAddress, uint256 coinType, bool useDefault) = abi.decode(step.context, (bytes, uint256, bool));
            string memory primary = result.length >= 64 ? abi.decode(result, (string)) : "";
            if (bytes(primary).length == 0) {
                // ENSIP-19: an EVM chain's account without its own name falls back to its default name.
                if (!useDefault && coinType != ETH && coinType & 0x80000000 != 0) return askName(lookupAddress, coinType, true);
                return abi.encode("", address(0), step.resolver);
            }
            bytes memory name = NameCoding.dnsEncode(bytes(primary));
            bytes32 node = NameCoding.namehash(name, 0);
            bytes memory data = coinType == ETH
                ? abi.encodeWithSelector(0x3b3b57de, node)
                : abi.encodeWithSelector(0xf1cb7e06, node, coinType);
            return start(name, data, REVERSE_CHECK, abi.encode(lookupAddress, coinType, primary, step.resolver));
        }
        (bytes memory expected, uint256 coin, string memory found, address reverseResolver) = abi.decode(
            step.context,
            (bytes, uint256, string, address)
        );
        bytes memory actual = coin == ETH ? (result.length >= 32 ? abi.encodePacked(abi.decode(result, (address))) : bytes("")) : abi.decode(result, (bytes));
        if (keccak256(actual) != keccak256(expected)) revert ReverseAddressMismatch(found, actual);
        return abi.encode(found, step.resolver, reverseResolver);
    }
}

/// Tests only: a contract that answers `resolve` and `reverse` with an OffchainLookup naming
/// `claimedSender`, and whose callback asks again, without end: a hostile or broken name service.
contract EndlessLookup {
    address public immutable claimedSender;
    string[] private gateways;

    constructor(address claimedSender_, string[] memory urls_) {
        claimedSender = claimedSender_ == address(0) ? address(this) : claimedSender_;
        for (uint256 i = 0; i < urls_.length; i++) gateways.push(urls_[i]);
    }

    function resolve(bytes calldata, bytes calldata data) external view returns (bytes memory, address) {
        revert OffchainLookup(claimedSender, gateways, data, this.again.selector, data);
    }

    function reverse(bytes calldata lookupAddress, uint256) external view returns (string memory, address, address) {
        revert OffchainLookup(claimedSender, gateways, lookupAddress, this.again.selector, lookupAddress);
    }

    function again(bytes calldata response, bytes calldata) external view returns (bytes memory) {
        revert OffchainLookup(claimedSender, gateways, response, this.again.selector, response);
    }
}
