/** A group's places: the paid members' initials in round avatars, then the places still open as dashed circles. */
import type { Group } from '../../../../contract/groups';
import { useT } from '../../../i18n';
import { cn } from '../../../lib/cn';

const SIZES = {
  sm: 'h-8 w-8 text-xs',
  lg: 'h-12 w-12 text-base',
} as const;

interface MemberSeatsProps {
  size: number;
  members: Group['members'];
  look?: keyof typeof SIZES;
  className?: string;
}

export function MemberSeats({ size, members, look = 'sm', className }: MemberSeatsProps) {
  const { t } = useT('groups');
  const open = Math.max(0, size - members.length);
  return (
    <ul aria-label={t('members.label')} className={cn('flex flex-wrap items-center gap-1.5', className)}>
      {members.map((member, index) => (
        <li
          key={index}
          className={cn('grid shrink-0 place-items-center rounded-full bg-brand-700 font-semibold text-white ring-2 ring-white', SIZES[look])}
        >
          <span aria-hidden="true">{member.initials}</span>
          <span className="sr-only">{t('members.member', { initials: member.initials })}</span>
        </li>
      ))}
      {Array.from({ length: open }, (_, index) => (
        <li key={`open-${index}`} className={cn('shrink-0 rounded-full border-2 border-dashed border-slate-300 bg-white', SIZES[look])}>
          <span className="sr-only">{t('members.open')}</span>
        </li>
      ))}
    </ul>
  );
}
