// A wallet that signs each transfer at once and answers its hash, but hands it to the chain only on
// `release`: transactions that stay pending as long as a test needs. It keeps its own nonces, so
// several held transfers in a row are all valid, and suites running beside it on the same chain (with
// other keys) change nothing.
import { JsonRpcProvider, Transaction, type HDNodeWallet, type Wallet } from 'ethers';
import { rpc } from './anvil';
import type { FakeWallet } from './fakeWallet';

export function holdTransfers(wallet: FakeWallet, key: HDNodeWallet | Wallet, anvilUrl: string): { release(): Promise<void> } {
  const held: string[] = [];
  let nonce: number | undefined;
  wallet.core.setHandler('eth_sendTransaction', async (params) => {
    const [request] = params as [{ to: string; value: string; gas?: string }];
    const provider = new JsonRpcProvider(anvilUrl, 31337, { staticNetwork: true });
    try {
      const signer = key.connect(provider);
      nonce ??= await provider.getTransactionCount(key.address, 'pending');
      const tx = await signer.populateTransaction({ to: request.to, value: BigInt(request.value), nonce: nonce++, ...(request.gas ? { gasLimit: BigInt(request.gas) } : {}) });
      const raw = await signer.signTransaction(tx);
      held.push(raw);
      return Transaction.from(raw).hash;
    } finally {
      provider.destroy();
    }
  });
  return {
    async release() {
      for (const raw of held.splice(0)) await rpc(anvilUrl, 'eth_sendRawTransaction', [raw]);
    },
  };
}
