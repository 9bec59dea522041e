import { useState, type FormEvent } from 'react';
import { BrowserRouter, Navigate, NavLink as RouterLink, Route, Routes, useLocation } from 'react-router';
import { Alert, AppShell, Box, Burger, Button, Center, Group, NavLink, Paper, PasswordInput, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useCan, useSession } from './auth';
import { ApiError } from './api';
import { EmptyState, Loading } from './components';
import { modules as allModules } from './modules';
import { ModulesProvider, useModules } from './module-context';

function LoginPage() {
  const { login } = useSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login(username, password);
    } catch (reason) {
      setError(reason instanceof ApiError ? reason.message : 'The shop could not be reached.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={380} maw="100%">
        <form onSubmit={submit}>
          <Stack>
            <div>
              <Title order={2}>Administration</Title>
              <Text c="dimmed" size="sm">
                Log in with your shop user.
              </Text>
            </div>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <TextInput label="Username" autoComplete="username" value={username} onChange={(e) => setUsername(e.currentTarget.value)} required autoFocus />
            <PasswordInput label="Password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} required />
            <Button type="submit" loading={busy} fullWidth>
              Log in
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}

function Shell() {
  const { me, logout } = useSession();
  const can = useCan();
  const [opened, { toggle, close }] = useDisclosure();
  const location = useLocation();
  const modules = useModules();
  const navigation = modules
    .flatMap((module) => module.navigation ?? [])
    .filter((entry) => can(entry.privilege))
    .sort((a, b) => (a.position ?? 50) - (b.position ?? 50));
  const routes = modules.flatMap((module) => module.routes ?? []);
  const home = navigation[0]?.path;

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 230, breakpoint: 'md', collapsed: { mobile: !opened } }} padding="lg">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label="Navigation" />
            <Text fw={700} size="lg">
              Shop administration
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" c="dimmed" visibleFrom="sm">
              {me?.username ?? 'integration'}
              {me?.isAdmin ? ' (administrator)' : ''}
            </Text>
            <Button variant="default" size="xs" onClick={logout}>
              Log out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main navigation">
        <ScrollArea>
          {navigation.map((entry) => (
            <NavLink
              key={entry.path}
              component={RouterLink}
              to={entry.path}
              label={entry.label}
              active={location.pathname === entry.path || location.pathname.startsWith(`${entry.path}/`)}
              onClick={close}
            />
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      {/* the navbar is fixed to the window's height: the main area paints its column too, so on a long page
          (and in a full-page capture) the sidebar's white reaches the bottom; the offset is 0 when it is collapsed */}
      <AppShell.Main
        style={{
          backgroundColor: 'var(--mantine-color-gray-0)',
          backgroundImage:
            'linear-gradient(to right, var(--mantine-color-white) calc(var(--app-shell-navbar-offset, 0px) - 1px), var(--mantine-color-gray-3) calc(var(--app-shell-navbar-offset, 0px) - 1px), var(--mantine-color-gray-3) var(--app-shell-navbar-offset, 0px), transparent var(--app-shell-navbar-offset, 0px))',
        }}
      >
        <Box maw={1400} mx="auto">
          <Routes>
            {routes.map((route) => {
              const Component = route.component;
              return (
                <Route
                  key={route.path}
                  path={route.path}
                  element={can(route.privilege) ? <Component /> : <EmptyState title="Not allowed">Your user lacks the privilege {route.privilege}.</EmptyState>}
                />
              );
            })}
            <Route path="/" element={home ? <Navigate to={home} replace /> : <EmptyState title="Nothing to show">Your user holds no privilege the Administration uses.</EmptyState>} />
            <Route path="*" element={<EmptyState title="Page not found" />} />
          </Routes>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}

export function App() {
  const { me, checking } = useSession();
  if (checking) return <Loading label="Checking your session…" />;
  // an extension's module only while its extension is active (no navigation to routes that answer 404)
  const active = new Set(me?.extensions ?? []);
  const installed = allModules.filter((module) => !module.extension || active.has(module.extension));
  return (
    <ModulesProvider value={installed}>
      <BrowserRouter basename="/admin">{me ? <Shell /> : <LoginPage />}</BrowserRouter>
    </ModulesProvider>
  );
}
