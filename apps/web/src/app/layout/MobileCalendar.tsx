import { isCalendarDate, nextSelectedDate, type SessionUser } from '@daybook/shared';
import { useLocation, useNavigate } from 'react-router';
import { MiniCalendar } from '../../features/calendar/components/MiniCalendar.tsx';
import { DASHBOARD_DATE_PARAM } from '../../features/dashboard/hooks/use-dashboard-filters.ts';
import { usableTimeZone, useToday } from '../../lib/use-today.ts';

const DASHBOARD_PATH = '/dashboard';

/**
 * The side menu's calendar (small screens): choosing a day shows it on the dashboard through
 * `/dashboard?date=…`, which the dashboard follows; the same rules apply as in its own calendar.
 */
export function MobileCalendar({ user, onDayChosen }: { user: SessionUser; onDayChosen: () => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  const today = useToday(usableTimeZone(user.timezone));
  const isOnDashboard = location.pathname === DASHBOARD_PATH;
  const param = new URLSearchParams(location.search).get(DASHBOARD_DATE_PARAM);
  const selectedDate = isOnDashboard && isCalendarDate(param) ? param : null;

  const showDay = (date: string | null) => {
    const search = new URLSearchParams(isOnDashboard ? location.search : '');
    if (date) search.set(DASHBOARD_DATE_PARAM, date);
    else search.delete(DASHBOARD_DATE_PARAM);
    const query = search.toString();
    void navigate({ pathname: DASHBOARD_PATH, search: query ? `?${query}` : '' }, { replace: isOnDashboard });
  };

  return (
    <MiniCalendar
      selectedDate={selectedDate}
      today={today}
      onSelectDate={(date) => {
        showDay(nextSelectedDate(selectedDate, date, today));
        onDayChosen();
      }}
      onMoveDate={showDay}
    />
  );
}
