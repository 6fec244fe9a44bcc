// /logout: shows 'Logging out...', ends the session, then goes to /.
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../hooks/auth-context';
import { useAuthText } from '../i18n';
import './logout-screen.css';

export function LogoutScreen() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const started = useRef(false);
  const t = useAuthText();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut().then(() => navigate('/', { replace: true }));
  }, [signOut, navigate]);

  return (
    <main className="logout-screen">
      <span className="logout-screen__spinner" aria-hidden="true" />
      <p role="status">{t('logout.status')}</p>
    </main>
  );
}
