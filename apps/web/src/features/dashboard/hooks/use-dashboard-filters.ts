import { dashboardFiltersReducer, initialDashboardFilters, isCalendarDate } from '@daybook/shared';
import { useEffect, useReducer, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** `/dashboard?date=yyyy-MM-dd` preselects a day (docs/product/dashboard.md#dashboard-filters) and follows the chosen day from then on. */
export const DASHBOARD_DATE_PARAM = 'date';

/**
 * The dashboard's filters (the shared reducer), with the chosen day kept in the address: choosing a day
 * writes it there, and a day put there from outside (the side menu's calendar, Back) is chosen here.
 */
export function useDashboardFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const param = searchParams.get(DASHBOARD_DATE_PARAM);
  const addressDate = isCalendarDate(param) ? param : null;
  const [filters, dispatch] = useReducer(dashboardFiltersReducer, addressDate, initialDashboardFilters);
  // The day the address and the filters last agreed on.
  const agreedDate = useRef(filters.date);

  useEffect(() => {
    if (addressDate === agreedDate.current) return;
    agreedDate.current = addressDate;
    dispatch({ type: 'setDate', date: addressDate });
  }, [addressDate]);

  useEffect(() => {
    if (filters.date === agreedDate.current) return;
    agreedDate.current = filters.date;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (filters.date) next.set(DASHBOARD_DATE_PARAM, filters.date);
        else next.delete(DASHBOARD_DATE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [filters.date, setSearchParams]);

  return { filters, dispatch };
}
