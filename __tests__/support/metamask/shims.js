// Injected into the MetaMask page bundle: the Node globals its stream stack uses.
import { Buffer } from 'buffer';
import process from 'process';

export { Buffer, process };
