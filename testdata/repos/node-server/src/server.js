const http = require('http');

const port = process.env.PORT || 3100;

http.createServer((req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/plain' });
  res.end('ok\n');
}).listen(port, '127.0.0.1');
