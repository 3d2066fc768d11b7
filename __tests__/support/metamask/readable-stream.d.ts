// readable-stream 3 (MetaMask's stream major) ships no types; its API is Node's stream module.
declare module 'readable-stream' {
  export { Duplex, Readable, Writable, pipeline } from 'node:stream';
}
