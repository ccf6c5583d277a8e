// The server's layers for import-x/no-restricted-paths, lowest first (docs/architecture.md,
// "Layers, enforced by lint"): each names what it may import, so a new room is refused until it
// takes its place. Tests beside an adapter may build the whole calendar (the composition), so
// the adapters' zone is kept apart for eslint.config.js to leave out there.

export const serverLayers = [
  // The base (clock, alarm, logger, pace) and auth's rules (principal, capabilities); store;
  // settings; domain; sign-in; http; the adapters (api/, sync/, transfer/, peers/,
  // snapshots/); the composition (services.ts, app.ts, start-server.ts, cli/).
  {
    target: ['./server/clock.ts', './server/alarm.ts', './server/logger.ts', './server/pace.ts'],
    from: './server',
    except: ['./clock.ts', './alarm.ts', './logger.ts', './pace.ts'],
    message: 'The clock, alarm, logger and pace are the base: they import nothing of the server.',
  },
  {
    target: './server/auth',
    from: './server',
    except: ['./auth'],
    message: 'auth/ holds the roles and what they may do, below the domain: nothing else.',
  },
  {
    target: './server/store',
    from: './server',
    except: ['./store'],
    message: 'The store is the lowest layer: it imports nothing else of the server.',
  },
  {
    target: './server/settings',
    from: './server',
    except: ['./settings', './store'],
    message: 'The settings file imports only the store’s failures.',
  },
  {
    target: './server/domain',
    from: './server',
    except: ['./domain', './store', './auth', './clock.ts', './alarm.ts', './logger.ts'],
    message:
      'The domain knows no HTTP, routes, TEC wire or bodies, files or sync: it uses the store.',
  },
  {
    target: './server/sign-in',
    from: './server',
    except: ['./sign-in', './domain', './store', './auth', './clock.ts', './logger.ts'],
    message: 'Sign-in (tokens, sessions) sits above the domain and below HTTP.',
  },
  {
    target: './server/http',
    from: './server',
    except: [
      './http',
      './sign-in',
      './settings',
      './domain',
      './store',
      './auth',
      './clock.ts',
      './alarm.ts',
      './logger.ts',
    ],
    message: 'HTTP sits below the APIs and adapters: what it needs from them moves into http/.',
  },
  // Each API its own room: TEC's tribe/events/v1 and Marquee's own marquee/v1 share
  // the HTTP layer, the domain and the store, never each other's files.
  {
    target: './server/api/marquee',
    from: './server/api/tec',
    message: 'marquee/v1 does not use TEC’s adapters: what both need lives below server/api.',
  },
  {
    target: './server/api/tec',
    from: './server/api/marquee',
    message:
      'tribe/events/v1 does not use marquee/v1’s routes: what both need lives below server/api.',
  },
];

export const adaptersBelowComposition = {
  target: [
    './server/api',
    './server/sync',
    './server/transfer',
    './server/peers',
    './server/snapshots',
  ],
  from: ['./server/services.ts', './server/app.ts', './server/start-server.ts', './server/cli'],
  message: 'An adapter does not import the composition root, the app or the CLI.',
};
