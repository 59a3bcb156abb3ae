/** What the app uses of notifications: the header's bell. */
export { NotificationBell } from './components/notification-bell';
