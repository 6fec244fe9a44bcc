import { describe, expect, it } from 'vitest';
import { detectScamSignals, SCAM_GUARD } from './scam-guard';

// Ordinary dating talk: numbers, times, places, prices, hobbies and apps of daily life.
const ORDINARY = [
  'Hey! How was your weekend?',
  'I love hiking too. Have you done the trail up Bear Mountain?',
  "Haha that's hilarious 😂",
  'What kind of music are you into?',
  "I'm 5'11 and I play basketball on Tuesdays",
  'Want to grab coffee on Saturday around 10?',
  'My favourite book is Dune, I read it 3 times',
  'I have two sisters and one brother, what about you?',
  'Just got back from Lisbon, the food was amazing',
  "I'm a nurse, I work 12 hour shifts so my schedule is a bit crazy",
  "Let's meet at 7:30 at the Italian place on 5th Avenue",
  'Do you have any pets? I have a golden retriever named Max',
  'The concert was on 12/25/2024 and it was freezing',
  'Tacos or sushi?',
  'I moved here in 2019 from Chicago',
  'I think we would get along, you seem really kind',
  'Sorry for the late reply, work has been busy this week',
  'That photo of you at the beach is great!',
  'My brother just had a baby, I am an aunt now 🥰',
  'I run about 20 miles a week, training for a half marathon',
  'Dinner was around 40 dollars each, totally worth it',
  'Have you seen the new Dune movie?',
  'I can pick you up at 8 if that works',
  'Good morning! Hope you slept well ☀️',
  "I'm looking for something serious, not just a fling",
  'My mom is visiting from Ohio next week',
  'We should try the new ramen place downtown',
  'I speak Spanish and a little bit of French',
  "What's your idea of a perfect Sunday?",
  'I got a 4.0 in my last semester lol',
  'Traffic on I-95 was terrible today',
  'Can you send me the name of that restaurant?',
  'I love cooking, my lasagna is famous in my family',
  'Yes! I would love to go to the museum with you',
  'My apartment is on the 3rd floor, no elevator 😅',
  "I'm free Thursday after 6 or Friday after 5",
  'Do you like board games? Catan is my favourite',
  'My favourite team is the Yankees',
  'I work in marketing at a small startup',
  'The weather is perfect for a picnic',
  'I was born in March, a total Pisces',
  'Have you ever been to Japan? It is on my list',
  'My gym is open 24 hours so I go at 6am',
  'I have 2 cats and 1 very lazy dog',
  "That's so sweet of you to say 💕",
  'Want to see a movie this weekend?',
  'I just finished a 1000 piece puzzle',
  'I scored 3 goals in my soccer game yesterday',
  'Our first date could be a walk in Central Park',
  'I am a teacher, I teach 2nd grade',
];

describe('scam guard', () => {
  it('lets 50 ordinary dating messages through untouched', () => {
    expect(ORDINARY).toHaveLength(50);
    for (const text of ORDINARY) expect([text, detectScamSignals(text)]).toEqual([text, []]);
  });

  it.each([
    ['call me 555-123-4567', 'phone'],
    ['my number is (212) 555 0199', 'phone'],
    ['text me +1 415 555 2671', 'phone'],
    ['f i v e five five, one two three, four five six seven', 'phone'],
    ['five five five oh one two three four', 'phone'],
    ['fivefivefive 123 4567', 'phone'],
    ['5.5.5.1.2.3.4.5.6.7', 'phone'],
    ['email me at jess.m@gmail.com', 'email'],
    ['jess at gmail dot com', 'email'],
    ['my gmail is jessm', 'email'],
    ['check out https://example.org/me', 'link'],
    ['my page is www.linktr.ee/jess', 'link'],
    ['bit.ly/abc123', 'link'],
    ['follow @jess_m_92', 'handle'],
    ['add me on snap', 'handle'],
    ['ig: jess.m.92', 'handle'],
    ['lets talk on whatsapp', 'messaging_app'],
    ['wh4tsapp me', 'messaging_app'],
    ['w h a t s a p p', 'messaging_app'],
    ['do you have telegram?', 'messaging_app'],
    ['kik me', 'messaging_app'],
    ['download signal and message me there', 'messaging_app'],
    ['I am on tinder too', 'messaging_app'],
    ['venmo me for the tickets', 'payment_app'],
    ['v3nm0 is fine', 'payment_app'],
    ['my cashapp is $jessm92', 'payment_app'],
    ['send it with zelle', 'payment_app'],
    ['paypal works too', 'payment_app'],
    ['western union is fastest', 'payment_app'],
    ['can you buy me a gift card?', 'gift_card'],
    ['just need 2 steam cards', 'gift_card'],
    ['send the itunes card code', 'gift_card'],
    ['I can teach you bitcoin trading', 'crypto'],
    ['my usdt wallet address', 'crypto'],
    ['0x52908400098527886e0f7030069857d2e4169ee7', 'crypto'],
    ['this forex platform doubles your money', 'crypto'],
    ['can you send me $200 for the bus', 'money_request'],
    ['I really need money for rent', 'money_request'],
    ['please pay for my ticket to see you', 'money_request'],
  ])('finds %s -> %s', (text, signal) => {
    expect(detectScamSignals(text)).toContain(signal);
  });

  it('lists every signal once, in a fixed order', () => {
    expect(
      detectScamSignals('whatsapp me at 555 123 4567 or venmo $jess for the gift card'),
    ).toEqual(['phone', 'messaging_app', 'payment_app', 'gift_card']);
  });

  it('asks the sender the product question', () => {
    expect(SCAM_GUARD.question).toBe('Keep chats and payments on Bidboard. Send anyway?');
  });
});
