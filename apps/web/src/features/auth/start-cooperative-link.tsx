import { Link as RouterLink } from 'react-router';
import styles from '../../components/plain/plain.module.css';
import { classNames } from '../../lib/class-names';
import { useAuthProviders } from './api';

/** Under the sign-in form, where this installation lets new cooperatives start: the way to `/start`. */
export function StartCooperativeLink() {
  const providers = useAuthProviders();
  if (!providers.data?.startCooperative) return null;
  return (
    <p className={classNames(styles.authLinks)}>
      <RouterLink to="/start" className={classNames(styles.link, styles.linkSmall)}>
        Starting a new cooperative? Set it up here
      </RouterLink>
    </p>
  );
}
