import type { Stop } from '@domain/stops.ts';

/**
 * The route as plain text for a message or a note: the title, the route's length when known
 * (`summary`, already in the user's units and language), then one numbered line per stop, its
 * note (if any) indented on the next line.
 */
export function stopListText(
  title: string,
  stops: readonly Pick<Stop, 'name' | 'note'>[],
  summary?: string,
): string {
  const lines = [title.trim(), ...(summary ? [summary] : []), ''];
  stops.forEach((stop, index) => {
    lines.push(`${index + 1}. ${stop.name}`);
    const note = stop.note?.trim();
    if (note) lines.push(...note.split(/\r\n|\n|\r/).map((noteLine) => `   ${noteLine}`));
  });
  return lines.join('\n').trim() + '\n';
}
