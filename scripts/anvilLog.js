// anvil prints a startup banner (test accounts, their private keys, the mnemonic, the chain id) and
// then one line per RPC call, which buries the dev server's output. This keeps the banner, up to and
// including "Listening on …", and drops what follows.
/** @param {(text: string) => void} write @returns {(chunk: Buffer | string) => void} */
function bannerOnly(write) {
  let pending = '';
  let bannerDone = false;
  return (chunk) => {
    if (bannerDone) return;
    pending += chunk.toString();
    let newline = pending.indexOf('\n');
    while (newline !== -1 && !bannerDone) {
      const line = pending.slice(0, newline + 1);
      pending = pending.slice(newline + 1);
      write(line);
      if (/^Listening on /.test(line)) bannerDone = true;
      newline = pending.indexOf('\n');
    }
    if (bannerDone) pending = '';
  };
}

module.exports = { bannerOnly };
