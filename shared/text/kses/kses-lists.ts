/**
 * WordPress's kses lists, as WordPress 7.0.4 answers them (`wp_kses_allowed_html('post')`,
 * `wp_kses_allowed_html('data')`, `wp_allowed_protocols()`, `wp_kses_uri_attributes()`):
 * printed by scripts/record-kses.ts from the site the site tests start. Data, not code: each
 * tag's attributes as one string, split once.
 */

/** Each tag and its attributes, from the lists' one-string form. */
const split = (tags: Readonly<Record<string, string>>): Record<string, readonly string[]> =>
  Object.fromEntries(
    Object.entries(tags).map(([tag, attributes]) => [tag, attributes.split(' ').filter(Boolean)]),
  );

/** Attributes every tag of `$allowedposttags` takes (`_wp_add_global_attributes`). */
export const GLOBAL_ATTRIBUTES: readonly string[] =
  'aria-controls aria-current aria-describedby aria-details aria-expanded aria-hidden aria-label aria-labelledby aria-live class data-* dir hidden id lang role style title xml:lang'.split(
    ' ',
  );

/** `$allowedposttags`: each tag and its own attributes (`wp_kses_post`). */
export const POST_TAGS = split({
  address: '',
  a: 'href rel rev name target download',
  abbr: '',
  acronym: '',
  area: 'alt coords href nohref shape target',
  article: 'align',
  aside: 'align',
  audio: 'autoplay controls loop muted preload src',
  b: '',
  bdo: '',
  big: '',
  blockquote: 'cite',
  br: '',
  button: 'disabled name type value popovertarget popovertargetaction aria-haspopup',
  caption: 'align',
  cite: '',
  code: '',
  col: 'align char charoff span valign width',
  colgroup: 'align char charoff span valign width',
  data: 'value',
  del: 'datetime',
  dd: '',
  dfn: '',
  details: 'align open name',
  div: 'align popover',
  dialog: 'closedby open popover',
  dl: '',
  dt: '',
  em: '',
  fieldset: '',
  figure: 'align',
  figcaption: 'align',
  font: 'color face size',
  footer: 'align',
  h1: 'align',
  h2: 'align',
  h3: 'align',
  h4: 'align',
  h5: 'align',
  h6: 'align',
  header: 'align',
  hgroup: 'align',
  hr: 'align noshade size width',
  i: '',
  img: 'alt align border height hspace loading longdesc vspace src usemap width',
  ins: 'datetime cite',
  kbd: '',
  label: 'for',
  legend: 'align',
  li: 'align value',
  main: 'align',
  map: 'name',
  mark: '',
  menu: 'type',
  meter: 'high low max min optimum value',
  nav: 'align',
  object: 'data type',
  p: 'align',
  pre: 'width',
  progress: 'max value',
  q: 'cite',
  rb: '',
  rp: '',
  rt: '',
  rtc: '',
  ruby: '',
  s: '',
  samp: '',
  search: '',
  span: 'align',
  section: 'align',
  small: '',
  strike: '',
  strong: '',
  sub: '',
  summary: 'align',
  sup: '',
  table: 'align bgcolor border cellpadding cellspacing rules summary width',
  tbody: 'align char charoff valign',
  td: 'abbr align axis bgcolor char charoff colspan headers height nowrap rowspan scope valign width',
  textarea: 'cols rows disabled name readonly',
  tfoot: 'align char charoff valign',
  th: 'abbr align axis bgcolor char charoff colspan headers height nowrap rowspan scope valign width',
  thead: 'align char charoff valign',
  time: 'datetime',
  title: '',
  tr: 'align bgcolor char charoff valign',
  track: 'default kind label src srclang',
  tt: '',
  u: '',
  ul: 'type popover',
  ol: 'start type reversed',
  var: '',
  video: 'autoplay controls height loop muted playsinline poster preload src width',
  wbr: '',
  math: 'displaystyle scriptlevel mathbackground mathcolor mathsize display',
  mtext: 'displaystyle scriptlevel mathbackground mathcolor mathsize',
  mi: 'displaystyle scriptlevel mathbackground mathcolor mathsize mathvariant',
  mn: 'displaystyle scriptlevel mathbackground mathcolor mathsize',
  mo: 'displaystyle scriptlevel mathbackground mathcolor mathsize form fence separator lspace rspace stretchy symmetric maxsize minsize largeop movablelimits',
  mspace: 'displaystyle scriptlevel mathbackground mathcolor mathsize width height depth',
  ms: 'displaystyle scriptlevel mathbackground mathcolor mathsize',
  mrow: 'displaystyle scriptlevel mathbackground mathcolor mathsize',
  mfrac: 'displaystyle scriptlevel mathbackground mathcolor mathsize linethickness',
  msqrt: 'displaystyle scriptlevel mathbackground mathcolor mathsize',
  mroot: 'displaystyle scriptlevel mathbackground mathcolor mathsize',
  mstyle: 'displaystyle scriptlevel mathbackground mathcolor mathsize',
  merror: 'displaystyle scriptlevel mathbackground mathcolor mathsize',
  mpadded:
    'displaystyle scriptlevel mathbackground mathcolor mathsize width height depth lspace voffset',
  mphantom: 'displaystyle scriptlevel mathbackground mathcolor mathsize',
  msub: 'displaystyle scriptlevel mathbackground mathcolor mathsize',
  msup: 'displaystyle scriptlevel mathbackground mathcolor mathsize',
  msubsup: 'displaystyle scriptlevel mathbackground mathcolor mathsize',
  munder: 'displaystyle scriptlevel mathbackground mathcolor mathsize accentunder accent',
  mover: 'displaystyle scriptlevel mathbackground mathcolor mathsize accentunder accent',
  munderover: 'displaystyle scriptlevel mathbackground mathcolor mathsize accentunder accent',
  mmultiscripts: 'displaystyle scriptlevel mathbackground mathcolor mathsize',
  mprescripts: 'displaystyle scriptlevel mathbackground mathcolor mathsize',
  mtable:
    'displaystyle scriptlevel mathbackground mathcolor mathsize columnalign rowspacing columnspacing align rowalign columnlines rowlines frame framespacing width',
  mtr: 'displaystyle scriptlevel mathbackground mathcolor mathsize columnalign rowalign',
  mtd: 'displaystyle scriptlevel mathbackground mathcolor mathsize columnspan rowspan columnalign rowalign',
  semantics: 'displaystyle scriptlevel mathbackground mathcolor mathsize',
  annotation: 'displaystyle scriptlevel mathbackground mathcolor mathsize encoding',
  menclose: 'displaystyle scriptlevel mathbackground mathcolor mathsize notation',
});

/** `$allowedtags`: each tag and its attributes (`wp_filter_kses`, the title rule). */
export const TITLE_TAGS = split({
  a: 'href title',
  abbr: 'title',
  acronym: 'title',
  b: '',
  blockquote: 'cite',
  cite: '',
  code: '',
  del: 'datetime',
  em: '',
  i: '',
  q: 'cite',
  s: '',
  strike: '',
  strong: '',
});

/** `wp_allowed_protocols()`: the schemes a URL attribute may have. */
export const PROTOCOLS: readonly string[] =
  'http https ftp ftps mailto news irc irc6 ircs gopher nntp feed telnet mms rtsp sms svn tel fax xmpp webcal urn'.split(
    ' ',
  );

/** `wp_kses_uri_attributes()`: the attributes whose value is a URL. */
export const URI_ATTRIBUTES: readonly string[] =
  'action archive background cite classid codebase data formaction href icon longdesc manifest poster profile src usemap xmlns'.split(
    ' ',
  );
