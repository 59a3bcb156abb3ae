/** A signed-in account's favourite deals (docs/product/api.md#favourites). */
import { z } from 'zod';
import { messageAnswer } from './common';
import { dealList } from './deals';
import { endpoint } from './endpoint';
import { guards } from './refusals';
import { reason } from './reasons';

export const favoriteBody = z.object({ dealId: z.uuid({ message: reason('validation.dealId') }) });
export const favoriteParams = z.object({ dealId: z.uuid({ message: reason('validation.dealId') }) });

/** Every favourites call is signed in; each account reads and changes only its own. */
export const favoriteEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/favorites',
    tag: 'Favourites',
    summary: 'The account\'s favourite deals',
    description: 'Signed in. The favourites that shoppers can still see, most recently added first.',
    ok: { status: 200, schema: dealList, description: 'The favourite deals.' },
    refusals: guards(),
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/favorites',
    tag: 'Favourites',
    summary: 'Makes a deal a favourite',
    description: 'Signed in. Adding one twice changes nothing.',
    body: favoriteBody,
    ok: { status: 200, schema: messageAnswer, description: '`{message: \'Added to favorites\'}`.' },
    refusals: {
      ...guards({ write: true }),
      404: 'No deal with this id is shown to the caller.',
    },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/favorites/:dealId',
    tag: 'Favourites',
    summary: 'Removes a deal from the favourites',
    description: 'Signed in. Removing one that is not there changes nothing.',
    params: favoriteParams,
    ok: { status: 200, schema: messageAnswer, description: '`{message: \'Removed from Favorites\'}`.' },
    refusals: guards({ write: true }),
  }),
};
