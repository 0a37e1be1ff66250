// The `xid` executable: runs the command line on the process's arguments and streams.
import process from 'node:process';
import { run } from './main.js';

// A reader that goes away (`xid … | head`) is not an error: stop quietly, as Unix tools do.
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`xid: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
