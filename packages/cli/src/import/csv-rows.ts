// Rows of a CSV file as request bodies of a create operation: each column names a body field (its
// wire name, `display_name`, or its flag name, `display-name`; `traits.username` sets a field of
// an object field), each cell is read as the field's kind, fixed values (`traits.type`) are filled
// in, and every row is checked against the spec before anything is sent.
import { parse } from 'csv-parse/sync';
import { CliError } from '../cli-error.js';
import { EXIT } from '../exit-codes.js';
import { type FieldProblem, InputError } from '../invoke/input-error.js';
import { convert } from '../invoke/wire-args.js';
import { fillConsts, propertySchema } from '../spec/consts.js';
import { check } from '../spec/validator.js';
import type { CommandSpec } from '../tree/derive.js';
import { type FlagKind, type FlagSpec, kindOf } from '../tree/flags.js';

/** A CSV column: the body field it sets, and the path inside it (`traits.username`). */
interface Column {
  readonly flag: FlagSpec;
  readonly path: readonly string[];
  readonly kind: FlagKind;
  readonly itemKind: FlagKind | undefined;
}

/** The columns of a header. @throws InputError naming every column that is no field. */
function columnsOf(cmd: CommandSpec, header: readonly string[]): Column[] {
  const bodyFlags = cmd.flags.filter((f) => f.location === 'body');
  const columns: Column[] = [];
  const problems: FieldProblem[] = [];
  for (const name of header) {
    const column = name.trim();
    // The field is the longest name the column is or starts with (wire names may hold dots).
    const flag = bodyFlags
      .filter((f) => [f.name, f.flag].some((n) => column === n || column.startsWith(`${n}.`)))
      .sort((a, b) => b.name.length - a.name.length)[0];
    const top = flag && column.startsWith(`${flag.name}`) ? flag.name : (flag?.flag ?? column);
    const rest = flag && column !== top ? column.slice(top.length + 1).split('.') : [];
    const nested =
      flag && rest.length > 0
        ? propertySchema(cmd.family.spec, flag.schema, rest.join('.'))
        : undefined;
    if (flag && rest.length === 0)
      columns.push({ flag, path: [], kind: flag.kind, itemKind: flag.itemKind });
    else if (flag && nested)
      columns.push({ flag, path: rest, kind: kindOf(nested), itemKind: 'string' });
    else
      problems.push({
        field: `header "${column}"`,
        message: `is not a field of ${cmd.words.slice(0, -1).join(' ')} (fields: ${bodyFlags.map((f) => f.name).join(', ')}; a.b sets field b of object a)`,
      });
  }
  if (problems.length > 0) throw new InputError(problems);
  return columns;
}

/**
 * The bodies of a CSV's rows, in order (row 1 is the first line after the header).
 * @throws InputError naming each row, line and field at fault; CliError for a file that is not CSV.
 */
export function rowsToBodies(cmd: CommandSpec, text: string, file: string): unknown[] {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: false });
  } catch (error) {
    throw new CliError(EXIT.invalid, `${file} is not valid CSV: ${(error as Error).message}`);
  }
  const [header, ...rows] = records;
  if (!header) throw new CliError(EXIT.invalid, `${file} is empty: it needs a header line`);
  const columns = columnsOf(cmd, header);
  const spec = cmd.family.spec;
  const wrapper = cmd.op.body?.wrapper;
  const problems: FieldProblem[] = [];
  const bodies = rows.map((cells, index) => {
    const row = index + 1;
    const fields: Record<string, unknown> = {};
    columns.forEach(({ flag, path, kind, itemKind }, i) => {
      const cell = cells[i] ?? '';
      if (cell === '') return;
      const label = `row ${row} ${[flag.name, ...path].join('.')}`;
      // A list cell is `a;b;c`, or a JSON array.
      const value =
        kind === 'list'
          ? cell.trimStart().startsWith('[')
            ? convert('json', cell, problems, label)
            : cell.split(';').map((v) => convert(itemKind ?? 'string', v.trim(), problems, label))
          : convert(kind, cell, problems, label);
      if (path.length === 0) fields[flag.name] = value;
      else {
        fields[flag.name] ??= {};
        (fields[flag.name] as Record<string, unknown>)[path.join('.')] = value;
      }
    });
    for (const { flag } of columns) fillConsts(spec, flag.schema, fields[flag.name]);
    const body = wrapper ? { [wrapper]: fields } : fields;
    for (const v of check(spec, cmd.op.body?.schema, body)) {
      const path =
        wrapper && v.path.startsWith(`${wrapper}.`) ? v.path.slice(wrapper.length + 1) : v.path;
      problems.push({
        field: `row ${row} (line ${row + 1}) ${path || 'body'}`,
        message: v.message,
      });
    }
    return body;
  });
  if (problems.length > 0) throw new InputError(problems);
  return bodies;
}
