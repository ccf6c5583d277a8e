/**
 * Categories and tags: writes by every role, reads, their lists narrowed to the scenario's own
 * terms (`search` by its mark, `include`, `post`), and their counts after events of every
 * status (TEC's counting rule).
 */
import type { Scenario, Step } from '../scenario.ts';
import type { Space } from './space.ts';

const termWrites =
  (plural: 'categories' | 'tags') =>
  (s: Space): Scenario => {
    /** Names without the scenario's mark: terms its lists by mark must not show. */
    const unmarked = (name: string) => `${name} ${s.year}`;
    const steps: Step[] = [
      { label: 'anonymous create', path: plural, json: { name: unmarked('Anon') } },
      ...(['contributor1', 'author1', 'editor1', 'admin'] as const).map((user): Step => ({
        label: `${user} creates`,
        path: plural,
        as: user,
        json: { name: unmarked(`By ${user}`), description: 'Words' },
      })),
      {
        label: 'create',
        path: plural,
        as: 'admin',
        json: { name: s.named('Main') },
        save: { t1: 'id' },
      },
      {
        label: 'spare',
        path: plural,
        as: 'admin',
        json: { name: unmarked('Spare') },
        save: { spare: 'id' },
      },
      { label: 'the same name', path: plural, as: 'admin', json: { name: s.named('Main') } },
      { label: 'another letter case', path: plural, as: 'admin', json: { name: s.named('MAIN') } },
      { label: 'empty name', path: plural, as: 'admin', json: { name: '' } },
      {
        label: 'empty description',
        path: plural,
        as: 'admin',
        json: { name: s.named('Desc'), description: '' },
      },
      {
        label: 'form create',
        path: plural,
        as: 'admin',
        form: [
          ['name', s.named('Form')],
          ['slug', `form-${s.mark}`],
        ],
        save: { t2: 'id' },
      },
    ];
    if (plural === 'categories')
      steps.push(
        {
          label: 'child',
          path: plural,
          as: 'admin',
          json: { name: s.named('Child'), parent: '{t1}' },
          save: { t3: 'id' },
        },
        {
          label: 'unknown parent',
          path: plural,
          as: 'admin',
          json: { name: s.named('Orphan'), parent: 999999 },
        },
        {
          label: 'parent 0',
          path: plural,
          as: 'admin',
          json: { name: s.named('Root'), parent: 0 },
        },
        { label: 'child read', path: `${plural}/{t3}` },
      );
    else
      steps.push({
        label: 'parent on a tag',
        path: plural,
        as: 'admin',
        json: { name: s.named('Parented'), parent: '{t1}' },
      });
    steps.push(
      { label: 'read', path: `${plural}/{t1}` },
      { label: 'read unknown', path: `${plural}/999999` },
      { label: 'read non-number', path: `${plural}/abc` },
      {
        label: 'update',
        path: `${plural}/{t1}`,
        as: 'editor1',
        json: { description: 'Changed', name: s.named('Main 2') },
      },
      {
        label: 'update to a taken slug',
        path: `${plural}/{t1}`,
        as: 'admin',
        json: { slug: `form-${s.mark}` },
      },
      {
        label: 'update as author',
        path: `${plural}/{spare}`,
        as: 'author1',
        json: { description: 'x' },
      },
      {
        label: 'update as contributor',
        path: `${plural}/{t1}`,
        as: 'contributor1',
        json: { description: 'x' },
      },
      {
        label: 'update unknown',
        path: `${plural}/999999`,
        as: 'admin',
        json: { description: 'x' },
      },
      { label: 'list by mark', path: `${plural}?search=${s.mark}&hide_empty=false` },
      { label: 'list by mark, hiding empty', path: `${plural}?search=${s.mark}` },
      {
        label: 'delete as contributor',
        path: `${plural}/{t2}`,
        method: 'DELETE',
        as: 'contributor1',
      },
      { label: 'delete as author', path: `${plural}/{spare}`, method: 'DELETE', as: 'author1' },
      { label: 'delete', path: `${plural}/{t2}`, method: 'DELETE', as: 'editor1' },
      { label: 'delete again', path: `${plural}/{t2}`, method: 'DELETE', as: 'editor1' },
      { label: 'anonymous delete', path: `${plural}/{t1}`, method: 'DELETE' },
    );
    return { name: `${plural}: writes and reads`, steps };
  };

export const terms: ((s: Space) => Scenario)[] = [
  termWrites('categories'),
  termWrites('tags'),

  (s) => {
    const event = (
      title: string,
      extra: Record<string, unknown>,
      as: Step['as'] = 'admin',
      save?: string,
    ): Step => ({
      label: `create ${title}`,
      path: 'events',
      as,
      json: {
        title: s.named(title),
        start_date: s.at('12-01'),
        end_date: s.at('12-01', '11:00'),
        ...extra,
      },
      ...(save ? { save: { [save]: 'id' } } : {}),
    });
    const counts = (label: string): Step[] => [
      { label: `${label}: categories`, path: `categories?search=${s.mark}&hide_empty=false` },
      { label: `${label}: categories hiding empty`, path: `categories?search=${s.mark}` },
      { label: `${label}: tags`, path: `tags?search=${s.mark}&hide_empty=false` },
      { label: `${label}: the category`, path: 'categories/{c}' },
    ];
    return {
      name: 'terms: counts after events of every status',
      steps: [
        {
          label: 'category',
          path: 'categories',
          as: 'admin',
          json: { name: s.named('Counted') },
          save: { c: 'id' },
        },
        {
          label: 'tag',
          path: 'tags',
          as: 'admin',
          json: { name: s.named('counted') },
          save: { t: 'id' },
        },
        ...counts('none yet'),
        event('Published', { categories: ['{c}'], tags: ['{t}'] }, 'admin', 'pub'),
        ...counts('one published'),
        event('Draft', { categories: ['{c}'], tags: ['{t}'], status: 'draft' }),
        event('Pending', { categories: ['{c}'], status: 'pending' }),
        event('Private', { categories: ['{c}'], status: 'private' }),
        event('Future', {
          categories: ['{c}'],
          status: 'future',
          date: `${s.year}-01-01 10:00:00`,
        }),
        ...counts('drafts, pending, private, future'),
        event('Trashed', { categories: ['{c}'], tags: ['{t}'] }, 'admin', 'gone'),
        { label: 'trash it', path: 'events/{gone}', method: 'DELETE', as: 'admin' },
        ...counts('one trashed'),
        {
          label: 'form body names the category',
          path: 'events',
          as: 'admin',
          form: [
            ['title', s.named('Form named')],
            ['start_date', s.at('12-02')],
            ['end_date', s.at('12-02', '11:00')],
            ['categories[]', s.named('Counted')],
            ['categories[]', s.named('Named')],
          ],
        },
        ...counts('named in a form'),
        { label: 'the published event', path: 'events/{pub}' },
        { label: 'terms of the event', path: 'categories?post={pub}' },
        { label: 'terms of the event by event', path: 'categories?event={pub}&post=999999' },
        { label: 'terms of an unknown event', path: 'categories?post=999999' },
        { label: 'the year', path: `events?${s.wholeYear}&categories={c}`, as: 'admin' },
      ],
    };
  },

  (s) => ({
    name: 'terms: list filters',
    steps: [
      ...['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'].map((name, index): Step => ({
        label: `create ${name}`,
        path: 'categories',
        as: 'admin',
        quiet: true,
        json: { name: s.named(name), description: `${5 - index} desc` },
        save: { [name.toLowerCase()]: 'id' },
      })),
      {
        label: 'child',
        path: 'categories',
        as: 'admin',
        quiet: true,
        json: { name: s.named('Foxtrot'), parent: '{alpha}' },
        save: { foxtrot: 'id' },
      },
      {
        label: 'an event in two',
        path: 'events',
        as: 'admin',
        quiet: true,
        json: {
          title: s.named('Termed'),
          start_date: s.at('06-01'),
          end_date: s.at('06-01', '11:00'),
          categories: ['{bravo}', '{delta}'],
        },
        save: { e: 'id' },
      },
      ...[
        `search=${s.mark}&hide_empty=false`,
        `search=${s.mark}&hide_empty=false&per_page=2`,
        `search=${s.mark}&hide_empty=false&per_page=2&page=2`,
        `search=${s.mark}&hide_empty=false&per_page=2&page=3`,
        `search=${s.mark}&hide_empty=false&per_page=2&page=9`,
        `search=${s.mark}&hide_empty=false&order=desc`,
        `search=${s.mark}&hide_empty=false&orderby=id`,
        `search=${s.mark}&hide_empty=false&orderby=id&order=desc`,
        `search=${s.mark}&hide_empty=false&orderby=slug&order=desc`,
        `search=${s.mark}&hide_empty=false&orderby=description`,
        `search=${s.mark}&hide_empty=false&orderby=junk`,
        `search=${s.mark}&hide_empty=false&orderby=`,
        `search=${s.mark}&hide_empty=false&order=`,
        `search=${s.mark}&hide_empty=0`,
        `search=${s.mark}&hide_empty=junk`,
        `search=${s.mark}&hide_empty=false&parent={alpha}`,
        `search=${s.mark}&hide_empty=false&parent=0`,
        `search=${s.mark}&hide_empty=false&parent=999999`,
        `search=${s.mark}&hide_empty=false&parent=`,
        `search=${s.mark}&hide_empty=false&exclude={alpha},{bravo}`,
        `search=${s.mark}&hide_empty=false&exclude=999999`,
        `hide_empty=false&include={charlie},{alpha}`,
        `hide_empty=false&include={charlie},{alpha}&orderby=include`,
        `hide_empty=false&include=999999`,
        `hide_empty=false&include=${s.named('echo').replace(' ', '-')}`,
        `hide_empty=false&slug=${s.named('delta').replace(' ', '-')}`,
        `hide_empty=false&slug=nothing-${s.mark}`,
        `hide_empty=false&slug=`,
        `post={e}`,
        `post={e}&hide_empty=false`,
        `event={e}`,
        `post=`,
        `post=junk`,
        `search=${s.mark}&per_page=51&hide_empty=false`,
        `search=${s.mark}&per_page=0`,
        `search=${s.mark}&page=0`,
        `search=`,
      ].map((query): Step => ({ label: query, path: `categories?${query}` })),
    ],
  }),
];
