// The one line of text beside each structured result: what was done, to what.
import { isObject } from '../spec/json.js';

const NAME_FIELDS = ['display_name', 'name', 'username', 'user_name', 'userName', 'displayName'];
const ID_FIELDS = ['id', 'internal_id'];

/** `List groups: 3 on this page (of 12); more with next_cursor.` */
export function pageSummary(
  title: string,
  count: number,
  total: number | undefined,
  more: boolean,
): string {
  const of = total === undefined ? '' : ` (of ${total})`;
  const next = more ? '; more with next_cursor' : '';
  return `${title}: ${count} on this page${of}${next}.`;
}

/** `Create a group: done, "Engineering" (id 6f0c…).` */
export function resultSummary(title: string, value: unknown): string {
  return `${title}: done${label(value)}.`;
}

/** `, "Engineering" (id 6f0c…)` or ` (id 6f0c…)` for a resource (or one inside a one-key wrapper). */
function label(value: unknown): string {
  if (!isObject(value)) return '';
  const keys = Object.keys(value);
  const target =
    keys.length === 1 && isObject(value[keys[0]!]) ? (value[keys[0]!] as typeof value) : value;
  const name = NAME_FIELDS.map((f) => target[f]).find((v) => typeof v === 'string');
  const id = ID_FIELDS.map((f) => target[f]).find((v) => typeof v === 'string');
  const idPart = id === undefined ? '' : ` (id ${id})`;
  return name === undefined ? idPart : `, ${JSON.stringify(name)}${idPart}`;
}
