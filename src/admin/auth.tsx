import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiClient } from './api';

/** `GET /api/_info/me`. */
export interface Me {
  userId: string | null;
  integrationId: string | null;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
  privileges: string[];
  /** The active extensions' names: their Administration modules are shown, the others' left out. */
  extensions: string[];
}

interface Session {
  api: ApiClient;
  me: Me | null;
  /** True until the stored session was checked. */
  checking: boolean;
  login(username: string, password: string): Promise<void>;
  logout(): void;
}

const SessionContext = createContext<Session | null>(null);
const client = new ApiClient();

export function SessionProvider({ children }: { children: ReactNode }) {
  const [me, setMe] = useState<Me | null>(null);
  const [checking, setChecking] = useState(client.loggedIn);

  const loadMe = useCallback(async () => {
    setMe(await client.get<Me>('/api/_info/me'));
  }, []);

  useEffect(() => {
    client.onSessionEnded = () => setMe(null);
    if (client.loggedIn) {
      loadMe()
        .catch(() => client.logout())
        .finally(() => setChecking(false));
    }
  }, [loadMe]);

  const session = useMemo<Session>(
    () => ({
      api: client,
      me,
      checking,
      async login(username, password) {
        await client.login(username, password);
        await loadMe();
      },
      logout() {
        client.logout();
        setMe(null);
      },
    }),
    [me, checking, loadMe],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** The Admin API client of the logged-in user. */
export function useApi(): ApiClient {
  return useSession().api;
}

export function useMe(): Me {
  const { me } = useSession();
  if (!me) throw new Error('useMe before login');
  return me;
}

/** Whether the user holds a privilege (admins hold all); the API checks again on every call. */
export function useCan(): (privilege: string | undefined) => boolean {
  const me = useSession().me;
  return useCallback((privilege) => !privilege || Boolean(me && (me.isAdmin || me.privileges.includes(privilege))), [me]);
}
