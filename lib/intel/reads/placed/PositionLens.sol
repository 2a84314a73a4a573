// SPDX-License-Identifier: MIT
// Placed by eth_call state override (never deployed): reads, in one call, who owns each position
// NFT of a position manager and whether that owner holds code. The custody read needs both, and
// the owner must be known before its code can be asked for; here the two are one round trip.
pragma solidity ^0.8.24;

contract PositionLens {
    /// For each token id: its owner (the zero address when ownerOf reverts: a burned NFT) and the
    /// size of the owner's code (0 for a wallet without code).
    function ownersWithCode(address manager, uint256[] calldata tokenIds)
        external
        view
        returns (address[] memory owners, uint256[] memory codeSizes)
    {
        owners = new address[](tokenIds.length);
        codeSizes = new uint256[](tokenIds.length);
        for (uint256 i = 0; i < tokenIds.length; i++) {
            (bool ok, bytes memory data) = manager.staticcall(abi.encodeWithSignature("ownerOf(uint256)", tokenIds[i]));
            if (!ok || data.length < 32) continue;
            address owner = abi.decode(data, (address));
            owners[i] = owner;
            codeSizes[i] = owner.code.length;
        }
    }
}
