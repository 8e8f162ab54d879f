// Starts `cardc lsp` (JSON-RPC over stdio, LSP 3.17) for .cards and .game files.
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration('cardc');
  const args = ['lsp'];
  for (const dir of config.get('profilePath', [])) args.push('--profile-path', dir);
  const server = { command: config.get('path', 'cardc'), args, transport: TransportKind.stdio };
  client = new LanguageClient('cardc', 'cardc', { run: server, debug: server }, {
    documentSelector: [
      { scheme: 'file', language: 'cardc-cards' },
      { scheme: 'file', language: 'cardc-game' },
    ],
  });
  client.start();
  context.subscriptions.push({ dispose: () => client && client.stop() });
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
