// Whether a port on 127.0.0.1 is taken, tried by binding it for a moment; and the one line a
// developer reads when the development server's port is (used by scripts/start.js and webpack serve).
const net = require('node:net');

/** @param {number} port @returns {Promise<boolean>} */
function portTaken(port) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error) => (error.code === 'EADDRINUSE' || error.code === 'EACCES' ? resolve(true) : reject(error)));
    probe.once('listening', () => probe.close(() => resolve(false)));
    probe.listen(port, '127.0.0.1');
  });
}

/** @param {number} port */
const devPortTakenMessage = (port) =>
  `Port ${port} is already in use: stop what runs there, or start on another port with PORT=<port> npm start.`;

module.exports = { portTaken, devPortTakenMessage };
