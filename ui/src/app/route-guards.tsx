import { useEffect } from 'react';
import { Navigate, Outlet, useNavigate } from 'react-router-dom';
import { FullPageSpinner } from '../components/spinner.js';
import { useAuth } from '../lib/auth/index.js';

/** Spec 000 §2/§9: an unauthenticated visitor on a chat route goes to /login after 300 ms. */
export const UNAUTHENTICATED_REDIRECT_DELAY = 300;

/** Chat routes. Renders nothing until authenticated: no flash of the shell for signed-out visitors. */
export function RequireAuth() {
  const { status } = useAuth();
  const navigate = useNavigate();

  useEffect(() => {
    if (status !== 'unauthenticated') return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), UNAUTHENTICATED_REDIRECT_DELAY);
    return () => clearTimeout(timer);
  }, [status, navigate]);

  return status === 'authenticated' ? <Outlet /> : null;
}

/** /login and /register: a signed-in user goes straight to a new chat. */
export function GuestOnly() {
  const { status } = useAuth();
  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'authenticated') return <Navigate to="/c/new" replace />;
  return <Outlet />;
}
