// npm run admin -- <command> [arguments]: operator commands for a running installation.
//
// The accounts issue adds `deactivate <email>` and `activate <email>`. They need the database, and
// an embedded PGlite data directory must never be opened by two processes at once (it corrupts).
// The plan: with DATABASE_URL set, the command connects to PostgreSQL directly. With PGlite, it
// asks the running server instead, through a loopback-only endpoint guarded by a random secret the
// server writes to DATA_DIR (mode 0600) at start; when no server is running it opens DATA_DIR
// itself, holding the same lock file the server takes, and refuses with a clear message if the
// lock is held.

interface Command {
  usage: string;
  summary: string;
  run(args: string[]): number;
}

const commands: Record<string, Command> = {
  help: {
    usage: 'help',
    summary: 'List the commands.',
    run: () => {
      printHelp();
      return 0;
    },
  },
};

function printHelp() {
  console.log('Usage: npm run admin -- <command> [arguments]\n\nCommands:');
  const width = Math.max(...Object.values(commands).map((command) => command.usage.length));
  for (const command of Object.values(commands)) console.log(`  ${command.usage.padEnd(width)}  ${command.summary}`);
}

function main(argv: string[]): number {
  const [name = 'help', ...args] = argv;
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    console.error(`Unknown command "${name}": nothing was changed. Run "npm run admin -- help" to list the commands.`);
    return 2;
  }
  return command.run(args);
}

process.exitCode = main(process.argv.slice(2));
