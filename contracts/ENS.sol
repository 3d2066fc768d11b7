// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// The smallest ENS registry the app needs: each node has an owner and a resolver; an owner can
/// hand out sub-nodes. Deployed only to local chains (`npm start`, tests), so names work offline.
contract ENSRegistry {
    struct Record {
        address owner;
        address resolver;
    }

    mapping(bytes32 => Record) private records;

    event NewOwner(bytes32 indexed node, bytes32 indexed label, address owner);
    event NewResolver(bytes32 indexed node, address resolver);

    /// The root owner is an argument (not msg.sender) so a CREATE2 deployment through the
    /// deterministic deployer still gives the root to a known account.
    constructor(address rootOwner) {
        records[bytes32(0)].owner = rootOwner;
    }

    modifier onlyOwner(bytes32 node) {
        require(records[node].owner == msg.sender, "ENSRegistry: not the owner");
        _;
    }

    function owner(bytes32 node) external view returns (address) {
        return records[node].owner;
    }

    function resolver(bytes32 node) external view returns (address) {
        return records[node].resolver;
    }

    function setSubnodeOwner(bytes32 node, bytes32 label, address newOwner) external onlyOwner(node) returns (bytes32 subnode) {
        subnode = keccak256(abi.encodePacked(node, label));
        records[subnode].owner = newOwner;
        emit NewOwner(node, label, newOwner);
    }

    function setResolver(bytes32 node, address newResolver) external onlyOwner(node) {
        records[node].resolver = newResolver;
        emit NewResolver(node, newResolver);
    }
}

/// A resolver with the two records lookups read: `addr` (forward) and `name` (reverse).
contract NameResolver {
    ENSRegistry public immutable ens;
    mapping(bytes32 => address) private addresses;
    mapping(bytes32 => string) private names;

    event AddrChanged(bytes32 indexed node, address a);
    event NameChanged(bytes32 indexed node, string name);

    constructor(ENSRegistry registry) {
        ens = registry;
    }

    modifier authorised(bytes32 node) {
        require(ens.owner(node) == msg.sender, "NameResolver: not the owner");
        _;
    }

    function addr(bytes32 node) external view returns (address) {
        return addresses[node];
    }

    function name(bytes32 node) external view returns (string memory) {
        return names[node];
    }

    function setAddr(bytes32 node, address a) external authorised(node) {
        addresses[node] = a;
        emit AddrChanged(node, a);
    }

    function setName(bytes32 node, string calldata newName) external authorised(node) {
        names[node] = newName;
        emit NameChanged(node, newName);
    }

    /// ERC-165: addr(bytes32), name(bytes32) and ERC-165 itself.
    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x3b3b57de || interfaceId == 0x691f3431 || interfaceId == 0x01ffc9a7;
    }
}
