// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// OpenZeppelin contracts the scenarios deploy unchanged. Importing them here puts them in the
// build; writing our own copies would test our copies instead of what real tokens use.
import {ERC1967Proxy} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import {TransparentUpgradeableProxy} from "@openzeppelin/contracts/proxy/transparent/TransparentUpgradeableProxy.sol";
import {ProxyAdmin} from "@openzeppelin/contracts/proxy/transparent/ProxyAdmin.sol";
import {TimelockController} from "@openzeppelin/contracts/governance/TimelockController.sol";
