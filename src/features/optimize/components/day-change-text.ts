import type { TFunction } from 'i18next';
import type { TimeFormat } from '@/lib/day-plan';
import type { DayChange, DayCost, DayGain } from '../model/day-change.ts';
import { formatPercentSaved } from '../model/presentation.ts';

/** One list format per language: "a, b and c" as the language joins a list. */
const lists = new Map<string, Intl.ListFormat>();
function joinList(items: readonly string[], language: string): string {
  let format = lists.get(language);
  if (!format) {
    format = new Intl.ListFormat(language, { style: 'long', type: 'conjunction' });
    lists.set(language, format);
  }
  return format.format(items);
}

/**
 * "Better: 2 fewer late stops and 25m less waiting. In exchange: 3 km more driving." (empty
 * when nothing changed worth a word), in the interface language.
 */
export function dayChangeText(
  { gains, costs }: DayChange,
  t: TFunction,
  format: Pick<TimeFormat, 'span'>,
  formatDistance: (metres: number) => string,
  language: string,
): string {
  const gain = (item: DayGain): string => {
    switch (item.kind) {
      case 'locks':
        return t('optimize.gain.locks', { count: item.count });
      case 'fewer-late':
        return t('optimize.gain.fewerLate', { count: item.count });
      case 'less-late':
        return t('optimize.gain.lessLate', { span: format.span(item.ms) });
      case 'less-waiting':
        return t('optimize.gain.lessWaiting', { span: format.span(item.ms) });
      case 'earlier':
        return t('optimize.gain.earlier', { span: format.span(item.ms) });
      case 'shorter':
        return t('optimize.gain.shorter', {
          distance: formatDistance(item.metres),
          percent: formatPercentSaved(100, 100 - item.percent, language),
        });
    }
  };
  const cost = (item: DayCost): string => {
    switch (item.kind) {
      case 'longer':
        return t('optimize.cost.longer', { distance: formatDistance(item.metres) });
      case 'more-waiting':
        return t('optimize.cost.moreWaiting', { span: format.span(item.ms) });
      case 'later':
        return t('optimize.cost.later', { span: format.span(item.ms) });
    }
  };
  const parts: string[] = [];
  if (gains.length > 0) {
    parts.push(t('optimize.dayBetter', { list: joinList(gains.map(gain), language) }));
  }
  if (costs.length > 0) {
    parts.push(t('optimize.dayCost', { list: joinList(costs.map(cost), language) }));
  }
  return parts.join(' ');
}
