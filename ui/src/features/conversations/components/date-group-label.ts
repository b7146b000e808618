import type { Localize } from '../../../lib/i18n/index.js';
import type { DateGroup } from '../utils/group-by-date.js';

/** "Today" … "Previous 30 days", then the month's name in the page's language, then the year. */
export function dateGroupLabel(group: DateGroup, localize: Localize, locale?: string): string {
  switch (group.kind) {
    case 'today':
      return localize('com_ui_date_today');
    case 'yesterday':
      return localize('com_ui_date_yesterday');
    case 'previous7':
      return localize('com_ui_date_previous_7_days');
    case 'previous30':
      return localize('com_ui_date_previous_30_days');
    case 'month':
      return new Intl.DateTimeFormat(locale || undefined, { month: 'long' }).format(new Date(2000, group.month, 1));
    case 'year':
      return String(group.year);
  }
}
