import { randomBytes } from 'node:crypto';
import { expectStatus, request, statusCounts, type Answer } from './http.js';
import type { Suite } from './suite.js';

const TRIES = 5;
const MAX_LOGIN_ATTEMPTS = 10;

// seconds since the epoch of the token's issue, as it says
const issuedAt = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { iat: number }).iat;

/**
 * The same-second password change over both processes: a user logs in, both processes accept the token
 * (each keeps the user's rights), the password is changed through the Admin API of one process, and the
 * old token is used at once against both: 401 every time, and its refresh token is refused. Tokens
 * used to compare whole issue seconds with the change, so a change in the token's second let it through.
 */
export async function sameSecondPasswordChange(suite: Suite): Promise<void> {
  const [appA, appB] = suite.apps as [Suite['apps'][0], Suite['apps'][0]];
  const username = `rel-password-${randomBytes(4).toString('hex')}`;
  const created = expectStatus(
    await request(appA.baseUrl, 'POST', '/api/user?_response=1', { token: suite.token, body: { username, password: 'password-0-long', admin: true } }),
    200,
    'create user',
  );
  const userId = created.json().data.id as string;

  const oldTokenAnswers: Answer[] = [];
  const refreshAnswers: Answer[] = [];
  let warm = 0;
  let sameSecond = 0;
  for (let attempt = 1; attempt <= TRIES; attempt++) {
    const [changer, other] = attempt % 2 === 1 ? [appA, appB] : [appB, appA];
    const login = expectStatus(
      await request(other.baseUrl, 'POST', '/api/oauth/token', { body: { grant_type: 'password', client_id: 'administration', username, password: `password-${attempt - 1}-long` } }),
      200,
      'login',
    ).json() as { access_token: string; refresh_token: string };
    const before = await Promise.all([appA, appB].map((app) => request(app.baseUrl, 'GET', '/api/tax?limit=1', { token: login.access_token })));
    warm += before.filter((answer) => answer.status === 200).length;
    expectStatus(
      await request(changer.baseUrl, 'PATCH', `/api/user/${userId}`, { token: suite.token, body: { password: `password-${attempt}-long` } }),
      204,
      'password change',
    );
    if (Math.floor(Date.now() / 1000) === issuedAt(login.access_token)) sameSecond += 1;
    oldTokenAnswers.push(...(await Promise.all([appA, appB].map((app) => request(app.baseUrl, 'GET', '/api/tax?limit=1', { token: login.access_token })))));
    refreshAnswers.push(await request(other.baseUrl, 'POST', '/api/oauth/token', { body: { grant_type: 'refresh_token', client_id: 'administration', refresh_token: login.refresh_token } }));
  }
  suite.report('password change: the token worked on both processes before the change', `${warm}/${TRIES * 2}`, warm === TRIES * 2);
  // changes answered within the token's issue second (at least that many fell into it: the case that used to let
  // the token through); a figure, not a condition
  suite.report('password change: changes answered within the second the token was issued in', `${sameSecond} of ${TRIES}`, true);
  suite.report(
    `password change: old access token at once on both processes (${TRIES} tries)`,
    JSON.stringify(statusCounts(oldTokenAnswers)),
    oldTokenAnswers.every((answer) => answer.status === 401),
  );
  suite.report('password change: old refresh token', JSON.stringify(statusCounts(refreshAnswers)), refreshAnswers.every((answer) => answer.status === 400));
}

/**
 * Failed logins counted over both processes: ten failures alternating between them, then the next
 * attempt answers 429 `FRAMEWORK__AUTH_THROTTLED` on either; and 24 guesses sent at once over both
 * processes get ten through. Each process used to count on its own (20 tries over two).
 */
export async function loginThrottleOverProcesses(suite: Suite): Promise<void> {
  const guess = (baseUrl: string, username: string) =>
    request(baseUrl, 'POST', '/api/oauth/token', { body: { grant_type: 'password', client_id: 'administration', username, password: 'wrong-guess' } });
  const [appA, appB] = suite.apps as [Suite['apps'][0], Suite['apps'][0]];

  const username = `rel-throttle-${randomBytes(4).toString('hex')}`;
  const failures: Answer[] = [];
  for (let i = 0; i < MAX_LOGIN_ATTEMPTS; i++) failures.push(await guess((i % 2 === 0 ? appA : appB).baseUrl, username));
  const next = [await guess(appA.baseUrl, username), await guess(appB.baseUrl, username)];
  const throttledInShape = next.filter((answer) => answer.status === 429 && answer.json()?.errors?.[0]?.code === 'FRAMEWORK__AUTH_THROTTLED').length;
  suite.report('login throttle: 10 failures alternating over both processes', JSON.stringify(statusCounts(failures)), failures.every((answer) => answer.status === 400));
  suite.report('login throttle: the 11th attempt on A and on B answered 429 FRAMEWORK__AUTH_THROTTLED', `${throttledInShape}/2`, throttledInShape === 2);

  const flooded = `rel-flood-${randomBytes(4).toString('hex')}`;
  const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => guess((i % 2 === 0 ? appA : appB).baseUrl, flooded)));
  const counts = statusCounts(answers);
  suite.report('login throttle: 24 guesses at once over both processes', JSON.stringify(counts), counts['400'] === MAX_LOGIN_ATTEMPTS && counts['429'] === 24 - MAX_LOGIN_ATTEMPTS);
}
