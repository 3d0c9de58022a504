import { useEffect } from 'react';
import { Notification, useLocation, useNotificationContext } from 'react-admin';

/**
 * react-admin's toast, for one page only: a new route drops the toast on screen (a fresh
 * Notification) and any still queued, so "Log deleted" does not follow the admin to the users.
 * A filter, a tab or a page of a list changes the query, not the route, and keeps its toast.
 * The console has no undoable mutations, whose pending write a dropped toast would leave unsent.
 */
export function RouteNotification() {
  const { pathname } = useLocation();
  const { resetNotifications } = useNotificationContext();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new route, by design
  useEffect(() => {
    resetNotifications();
  }, [pathname]);
  return <Notification key={pathname} />;
}
