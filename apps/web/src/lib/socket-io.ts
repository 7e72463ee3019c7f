// The one export of socket.io-client the app uses, fetched on demand through this module: a
// dynamic import of socket.io-client itself keeps all its exports, and with them transports the
// hub is never asked for (fetch polling, WebTransport), in what `/` downloads (issue 37).
export { io } from 'socket.io-client';
