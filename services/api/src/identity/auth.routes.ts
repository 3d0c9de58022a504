import {
  AuthMessages,
  type AuthSession,
  EmailRequest,
  LoginRequest,
  ResetPasswordRequest,
  SignupRequest,
  type SignupResponse,
  VerifyEmailRequest,
} from '@healthtal/contracts';
import type { Request, Response } from 'express';
import type { RouteRegistrar } from '../http/routes';
import { parseBody } from '../http/validate';
import { clientOf } from '../shared/client-address';
import { commandContext } from '../shared/idempotency';
import { HttpProblem } from '../shared/problem';
import { anonymousWriteChecks, RATE_RULES } from '../shared/rate-limit';
import { isDesignatedDemoAccount } from './access-profile';
import {
  changeUser,
  findUserByEmail,
  loadUser,
  sendPasswordResetEmail,
  sendVerificationEmail,
  signUp,
} from './accounts';
import { EmailAlreadyRegistered } from './email-claim.decider';
import type { Identity } from './identity';
import { hashPassword, verifyPassword } from './passwords';
import { bearerTokenOf } from './principal';
import { clearRefreshCookie, refreshCookieOf, setRefreshCookie } from './refresh-cookie';
import { SignInThrottle } from './sign-in-throttle';
import { ResetLinkOutdated } from './user.decider';

const client = (req: Request) => clientOf(req.ip);
const invalidCredentials = () =>
  new HttpProblem(401, AuthMessages.invalidCredentials, AuthMessages.loginFailed, {
    email: AuthMessages.invalidCredentials,
  });
const invalidLink = (field = 'token') =>
  new HttpProblem(400, AuthMessages.invalidOrExpiredLink, AuthMessages.invalidOrExpiredLink, {
    [field]: AuthMessages.invalidOrExpiredLink,
  });
const demoPasswordChangeDisabled = () =>
  new HttpProblem(403, AuthMessages.demoPasswordChangeDisabled, AuthMessages.demoPasswordChangeDisabled);
/** The same answer whether or not the address has an account. */
const ACCEPTED = { sent: true } as const;

export function authRoutes(routes: RouteRegistrar, identity: Identity) {
  const { rateLimiter, refreshTokens, settings } = identity;
  const signInThrottle = new SignInThrottle(rateLimiter);

  /** Starts a sign-in: a new refresh-token family in the cookie, an access token in the body. */
  async function startSession(res: Response, userId: string, email: string): Promise<AuthSession> {
    const { token, familyId } = await refreshTokens.startFamily(userId);
    setRefreshCookie(res, settings, token);
    const access = await identity.accessTokens.issue({ userId, sessionId: familyId });
    return {
      accessToken: access.token,
      tokenType: 'Bearer',
      expiresAt: access.expiresAt.toISOString(),
      user: { id: userId, email },
    };
  }

  routes.route('POST /api/v1/auth/signup', async (req, res) => {
    const form = parseBody(SignupRequest, req);
    await rateLimiter.hit([
      ...anonymousWriteChecks('signup', req.ip),
      { rule: RATE_RULES.signupPerEmail, key: form.email },
    ]);
    try {
      const account = await signUp(identity, form, commandContext(req));
      const body: SignupResponse = {
        user: { id: account.userId, email: account.email },
        verificationRequired: true,
      };
      res.status(201).json(body);
    } catch (error) {
      if (error instanceof EmailAlreadyRegistered) {
        throw new HttpProblem(409, AuthMessages.alreadyRegisteredTitle, AuthMessages.alreadyRegistered, {
          email: AuthMessages.alreadyRegistered,
        });
      }
      throw error;
    }
  });

  routes.route('POST /api/v1/auth/login', async (req, res) => {
    const form = parseBody(LoginRequest, req);
    const email = form.email.toLowerCase();
    const user = await findUserByEmail(identity, email);
    const valid = await signInThrottle.check(req.ip, email, async () => {
      // An unknown address pays for one verification too, so it answers as slowly as a wrong password.
      const matches = await verifyPassword(user?.passwordHash ?? null, form.password);
      return user !== null && matches;
    });
    if (!user || !valid) throw invalidCredentials();
    if (!user.emailVerified) {
      throw new HttpProblem(
        403,
        AuthMessages.emailNotConfirmed,
        'Please confirm your email address before signing in.',
        {
          email: AuthMessages.emailNotConfirmed,
        },
      );
    }
    await changeUser(identity, user.userId, { type: 'RecordSignIn' }, commandContext(req));
    res.json(await startSession(res, user.userId, user.email));
  });

  routes.route('POST /api/v1/auth/refresh', async (req, res) => {
    const presented = refreshCookieOf(req);
    const outcome = presented ? await refreshTokens.rotate(presented) : ({ kind: 'invalid' } as const);
    if (outcome.kind !== 'rotated') {
      clearRefreshCookie(res, settings);
      throw new HttpProblem(401, 'Session expired', AuthMessages.sessionExpired);
    }
    const user = await loadUser(identity, outcome.userId);
    if (user.status !== 'active') {
      await refreshTokens.revokeFamilyOf(outcome.token);
      clearRefreshCookie(res, settings);
      throw new HttpProblem(401, 'Session expired', AuthMessages.sessionExpired);
    }
    setRefreshCookie(res, settings, outcome.token);
    const access = await identity.accessTokens.issue({ userId: user.userId, sessionId: outcome.familyId });
    const body: AuthSession = {
      accessToken: access.token,
      tokenType: 'Bearer',
      expiresAt: access.expiresAt.toISOString(),
      user: { id: user.userId, email: user.email },
    };
    res.json(body);
  });

  routes.route('POST /api/v1/auth/logout', async (req, res) => {
    const presented = refreshCookieOf(req);
    if (presented) await refreshTokens.revokeFamilyOf(presented);
    // A client that signs out with only its access token ends that sign-in too: the resolver checks
    // the token's sign-in is live, so the token stops working now rather than in 15 minutes.
    const bearer = bearerTokenOf(req);
    const claims = bearer ? await identity.accessTokens.verify(bearer) : null;
    if (claims) await refreshTokens.revokeFamily(claims.sessionId);
    clearRefreshCookie(res, settings);
    res.status(204).end();
  });

  routes.route('POST /api/v1/auth/verify-email', async (req, res) => {
    const { token } = parseBody(VerifyEmailRequest, req);
    const userId = (await identity.oneTimeTokens.consume('verify-email', token))?.userId;
    if (!userId) throw invalidLink();
    const user = await loadUser(identity, userId);
    if (user.status !== 'active') throw invalidLink();
    await changeUser(identity, userId, { type: 'VerifyEmail' }, commandContext(req));
    res.json({ verified: true, email: user.email });
  });

  routes.route('POST /api/v1/auth/resend-verification', async (req, res) => {
    const { email } = parseBody(EmailRequest, req);
    await rateLimiter.hit([{ rule: RATE_RULES.resendPerClient, key: client(req) }]);
    const mailAllowed = await rateLimiter.take({ rule: RATE_RULES.verificationMailsPerEmail, key: email });
    const user = await findUserByEmail(identity, email);
    if (mailAllowed && user && !user.emailVerified) await sendVerificationEmail(identity, user);
    res.status(202).json(ACCEPTED);
  });

  routes.route('POST /api/v1/auth/forgot-password', async (req, res) => {
    const { email } = parseBody(EmailRequest, req);
    await rateLimiter.hit([{ rule: RATE_RULES.resetPerClient, key: client(req) }]);
    const mailAllowed = await rateLimiter.take({ rule: RATE_RULES.resetMailsPerEmail, key: email });
    const user = await findUserByEmail(identity, email);
    // The demo account's password is not changed (recruiter-directory §6); the answer says nothing.
    if (mailAllowed && user && !isDesignatedDemoAccount(user.email, settings))
      await sendPasswordResetEmail(identity, user);
    res.status(202).json(ACCEPTED);
  });

  routes.route('POST /api/v1/auth/reset-password', async (req, res) => {
    const form = parseBody(ResetPasswordRequest, req);
    const link = await identity.oneTimeTokens.consume(
      'reset-password',
      form.token,
      commandContext(req).commandId,
    );
    if (!link) throw invalidLink();
    const { userId, passwordVersion } = link;
    const user = await loadUser(identity, userId);
    if (user.status !== 'active') throw invalidLink();
    // A link mailed before the account became the demo account still cannot change its password.
    if (isDesignatedDemoAccount(user.email, settings)) throw demoPasswordChangeDisabled();
    const passwordHash = await hashPassword(form.password);
    // Decided on the user's stream: of two links used at once, the second finds the password changed.
    await changeUser(
      identity,
      userId,
      { type: 'ResetPassword', passwordHash, passwordVersion },
      commandContext(req),
    ).catch((error) => {
      throw error instanceof ResetLinkOutdated ? invalidLink() : error;
    });
    // A reset also proves the address; every sign-in made with the old password ends.
    await changeUser(
      identity,
      userId,
      { type: 'VerifyEmail' },
      { ...commandContext(req), commandId: `${req.commandId}/verify` },
    );
    await refreshTokens.revokeAllOf(userId);
    res.json({ reset: true });
  });
}
