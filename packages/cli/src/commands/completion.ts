// Shell completion for bash, zsh and fish. The scripts ask `xid __complete <words…>` for the
// candidates, so completion always matches the installed version's commands and flags.
import type { Command } from 'commander';
import { CliError } from '../cli-error.js';
import type { RunContext } from '../context.js';
import { EXIT } from '../exit-codes.js';

const SCRIPTS: Record<string, string> = {
  bash: `# xid completion for bash: add to ~/.bashrc:  source <(xid completion bash)
_xid_complete() {
  local IFS=$'\\n'
  COMPREPLY=($(xid __complete "\${COMP_WORDS[@]:1:$COMP_CWORD}" 2>/dev/null))
}
complete -o default -F _xid_complete xid
`,
  zsh: `#compdef xid
# xid completion for zsh: add to ~/.zshrc:  source <(xid completion zsh)
_xid() {
  local -a candidates
  candidates=("\${(@f)$(xid __complete "\${(@)words[2,CURRENT]}" 2>/dev/null)}")
  compadd -- $candidates
}
compdef _xid xid
`,
  fish: `# xid completion for fish: xid completion fish > ~/.config/fish/completions/xid.fish
function __xid_complete
  set -l tokens (commandline -opc) (commandline -ct)
  xid __complete $tokens[2..-1] 2>/dev/null
end
complete -c xid -f -a '(__xid_complete)'
`,
};

/** Adds `xid completion <shell>`. */
export function registerCompletion(program: Command, ctx: RunContext): void {
  program
    .command('completion <shell>')
    .description('print the completion script for bash, zsh or fish')
    .addHelpText('after', '\nExample:\n  $ source <(xid completion bash)\n')
    .action((shell: string) => {
      const script = SCRIPTS[shell];
      if (!script) throw new CliError(EXIT.usage, 'the shell must be bash, zsh or fish');
      ctx.io.stdout.write(script);
    });
}

/**
 * The candidates for the last of `words` (the word being typed), after the ones before it:
 * subcommands of the command they reach, or its flags (and the global ones) after a dash.
 */
export function completions(program: Command, words: readonly string[]): string[] {
  const current = words.at(-1) ?? '';
  let command = program;
  const valueFlags = (c: Command) =>
    new Set(
      c.options
        .filter((o) => o.required || o.optional)
        .flatMap((o) => [o.long, o.short].filter(Boolean) as string[]),
    );
  for (let i = 0; i < words.length - 1; i++) {
    const word = words[i]!;
    if (word.startsWith('-')) {
      if (!word.includes('=') && (valueFlags(command).has(word) || valueFlags(program).has(word)))
        i++;
      continue;
    }
    const sub = command.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (sub) command = sub;
  }
  const visible = (c: Command) => !(c as unknown as { _hidden?: boolean })._hidden;
  const candidates = current.startsWith('-')
    ? [...command.options, ...(command === program ? [] : program.options)].flatMap((o) =>
        o.long ? [o.long] : [],
      )
    : command.commands.filter(visible).map((c) => c.name());
  return [...new Set(candidates)].filter((c) => c.startsWith(current)).sort();
}
