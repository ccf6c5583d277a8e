/**
 * Titles as TEC 6.17.2 (WordPress 7.0.4) answered them for events created with these titles by an
 * administrator, measured on the real site: each pair is [title sent, title answered].
 */
import { describe, expect, it } from 'vitest';
import { theTitle } from './texturize.ts';

const ANSWERED: [string, string][] = [
  ['Rock & Roll', 'Rock &#038; Roll'],
  ["Don't stop", 'Don&#8217;t stop'],
  ['"Quoted" night', '&#8220;Quoted&#8221; night'],
  ['A -- B --- C', 'A &#8212; B &#8212; C'],
  ['Wait...', 'Wait&#8230;'],
  ["It's the '80s", 'It&#8217;s the &#8217;80s'],
  ['5 x 3', '5 x 3'],
  ['5x3 stage', '5&#215;3 stage'],
  ['0x9999 code', '0x9999 code'],
  ['a - b', 'a &#8211; b'],
  ["Tom's &amp; Jerry's", 'Tom&#8217;s &amp; Jerry&#8217;s'],
  ['1" tall', '1&#8243; tall'],
  ['(c) 2030 (tm)', '(c) 2030 &#8482;'],
  ['Wordpress meetup', 'WordPress meetup'],
  ["'Tis the season", '&#8216;Tis the season'],
  ["Rock 'n' roll", 'Rock &#8216;n&#8217; roll'],
  ['He said "it\'s \'99"', 'He said &#8220;it&#8217;s &#8217;99&#8221;'],
  ["'0.42' ratio", '&#8216;0.42&#8217; ratio'],
  ['"42" answers', '&#8220;42&#8221; answers'],
  ['The 6\'2" giant', 'The 6&#8217;2&#8243; giant'],
  ["``TeX'' quotes", '&#8220;TeX&#8221; quotes'],
  ['xn--domain test', 'xn--domain test'],
  ['pre-sale -- now', 'pre-sale &#8212; now'],
  ["'Single' quotes", '&#8216;Single&#8217; quotes'],
  ['Song "One", "Two"', 'Song &#8220;One&#8221;, &#8220;Two&#8221;'],
  ['AT&T night', 'AT&#038;T night'],
  ['Caf&eacute; &copy; &#169; &#xA9;', 'Caf&eacute; &copy; &#169; &#xA9;'],
  ['Fish & Chips & Peas', 'Fish &#038; Chips &#038; Peas'],
  ['Ends with a dash -', 'Ends with a dash &#8211;'],
  ['"Unclosed quote', '&#8220;Unclosed quote'],
  ["Rain 'til dawn", 'Rain &#8217;til dawn'],
  ["It's 9' long", 'It&#8217;s 9&#8242; long'],
  ["Beatles' songs", 'Beatles&#8217; songs'],
  ['Mother\'s "day" (again)', 'Mother&#8217;s &#8220;day&#8221; (again)'],
  ['12 x 4.5 x 3 m', '12 x 4.5 x 3 m'],
  ['100% "pure"', '100% &#8220;pure&#8221;'],
];

describe('theTitle, as WordPress shows a post title', () => {
  it.each(ANSWERED)('%s', (sent, answered) => {
    expect(theTitle(sent)).toBe(answered);
  });
});
