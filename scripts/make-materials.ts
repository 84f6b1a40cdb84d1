// Makes the paid course materials in content/materials/<course-slug>/ from the `materials` list in
// each content/courses/*.md: every `pdf` is a lesson handout (HTML rendered by headless Chromium
// through Playwright), every `video` a short titled slide show (ffmpeg: lavfi colour sources,
// drawbox shapes and drawtext titles, H.264, 640x360, no audio, +faststart). The words of each
// handout and the key points of each video are in LESSONS below, keyed '<course-slug>/<material-id>'.
// The output is committed, so CI and the build need neither ffmpeg nor this script; run it again
// after adding or changing a material. Existing files are kept unless --force is given.
//
// Usage: npx node scripts/make-materials.ts [--force] [course-slug ...]
// Checks: a PDF has as many pages as its `length`, a video lasts `length` seconds; a PDF stays under
// 60 KB and a video under 250 KB. Exits 1 if anything is missing or out of bounds.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { parse } from 'yaml';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium.ts';

const COURSES_DIR = 'content/courses';
const MATERIALS_DIR = 'content/materials';
const MAX_PDF_BYTES = 60_000;
const MAX_VIDEO_BYTES = 250_000;
const W = 640;
const H = 360;
const FPS = 15;
const FADE_FRAMES = 6;

type Material = { id: string; title: string; kind: 'video' | 'pdf'; file: string; length: number };
type Course = { slug: string; title: string; materials: Material[] };

/** A page after the handout's first: a table to fill in, or ruled lines for notes. */
type Sheet = { heading: string; note?: string } & ({ head: string[]; rows: string[][] } | { lines: number });
type Handout = {
  lead: string;
  body: string[];
  listTitle: string;
  list: string[];
  ordered?: boolean;
  task?: string;
  sheets?: Sheet[];
};
/** The two key points a video shows after its title slide, short enough for two or three lines. */
type VideoText = { points: [string, string] };

const notes = (heading = 'Notes', lines = 22): Sheet => ({ heading, lines });

const LESSONS: Record<string, Handout | VideoText> = {
  // Fashion Design Fundamentals
  'fashion-design-fundamentals/welcome-to-the-studio': {
    points: ['Your kit: tape, pencils and a sketchbook', 'Machines and irons off when you leave'],
  },
  'fashion-design-fundamentals/elements-of-design': {
    lead: 'Every outfit you admire, from a simple boubou to a structured ball gown, is built from the same small set of visual tools. Learning to name them helps you see why a design works and how to fix one that does not.',
    body: [
      'The elements are the raw materials of a design: line, shape and silhouette, colour, texture and pattern. Line leads the eye. A vertical seam or a row of buttons makes a figure look taller, while a horizontal yoke or band draws attention across the body. Silhouette is the outline of the garment seen from a distance, and it is the first thing anyone notices.',
      'The principles describe how the elements are arranged: balance, proportion, emphasis, rhythm and harmony. A well-proportioned outfit divides the body in pleasing ratios, often thirds rather than halves. Emphasis gives the eye one place to rest, such as an embroidered neckline or a dramatic sleeve. When everything is loud, nothing stands out.',
    ],
    listTitle: 'Check every design against these questions',
    list: [
      'Is the silhouette clear from three metres away?',
      'Where does the eye land first, and is that where you want it?',
      "Do the proportions flatter the wearer's height and build?",
      'Do the colours and textures tell the same story?',
      'Could one element be taken away without losing anything?',
    ],
    task: 'Choose a photograph of an outfit you admire. Trace its silhouette, mark the main lines in colour and write two sentences about its point of emphasis.',
  },
  'fashion-design-fundamentals/taking-body-measurements': {
    points: ['Tape snug, never tight', 'Girths first, then the lengths'],
  },
  'fashion-design-fundamentals/measurement-guide': {
    lead: 'Accurate measurements are the foundation of every garment that fits. A pattern drafted from a careless measurement will be wrong however well it is sewn.',
    body: [
      'Ask the client to stand naturally in light, close-fitting clothes, feet together and arms relaxed. Tie a narrow ribbon around the natural waist first: it marks the waistline for the waist measurement and for every length taken from it. Keep the tape level all round the body for girths and hold it snug but never tight; you should be able to slide one finger underneath.',
      'Write each measurement on the record sheet straight away, in centimetres, and note anything unusual, such as one shoulder lower than the other or a very upright posture. Take each figure twice. If the two readings differ by more than half a centimetre, measure a third time.',
    ],
    listTitle: 'The order of measuring',
    ordered: true,
    list: [
      'Bust or chest, over the fullest part',
      'Natural waist, at the ribbon',
      'Hip, over the fullest part of the seat',
      'Shoulder width and across back',
      'Nape to waist, and front shoulder to waist',
      'Arm length and upper arm girth',
      'Waist to knee and waist to floor',
    ],
    sheets: [
      {
        heading: 'Measurement record sheet',
        note: 'Client name: ______________________   Date: ____________   Measured by: ______________',
        head: ['Measurement', 'First reading (cm)', 'Second reading (cm)', 'Notes'],
        rows: [
          ['Bust / chest'],
          ['Waist'],
          ['Hip'],
          ['Shoulder width'],
          ['Across back'],
          ['Nape to waist'],
          ['Front shoulder to waist'],
          ['Arm length'],
          ['Upper arm'],
          ['Waist to knee'],
          ['Waist to floor'],
        ],
      },
    ],
  },
  'fashion-design-fundamentals/fabric-grain-and-drape': {
    lead: 'Fabric is not a flat, lifeless sheet. Every cloth stretches, hangs and recovers in its own way, and a good designer chooses the fabric to suit the design, not the other way round.',
    body: [
      'Woven fabric has three directions. The lengthwise grain runs parallel to the selvedge and barely stretches, so most pattern pieces are laid along it. The crosswise grain runs from selvedge to selvedge and gives a little. The bias, at 45 degrees, stretches the most and falls in soft folds, which is why bias-cut skirts cling and flow.',
      'Weight and fibre decide how a fabric falls. A firm cotton such as Ankara holds a crisp peplum; chiffon or crepe will collapse in the same shape. Before you commit to a design, hold the fabric against your body or a dress form and watch how it moves.',
    ],
    listTitle: 'Test every new fabric',
    list: [
      'Find the selvedge and chalk the straight grain',
      'Pull gently in each direction and note the stretch',
      'Crush a corner in your hand to see how it creases',
      'Wash a 20 cm square to check shrinkage and colour fastness',
      'Press a scrap at the iron setting you plan to use',
    ],
    task: 'Make a swatch card of five fabrics from Balogun Market, with one line on how each one drapes and what you would make from it.',
  },

  // Pattern Drafting Foundations
  'pattern-drafting-foundations/drafting-tools-and-symbols': {
    lead: 'A pattern is a set of instructions that another person must be able to read without you in the room. Clean lines and standard symbols make that possible.',
    body: [
      'Draft on plain pattern paper or brown paper with a sharp HB pencil, and keep a coloured pencil for corrections. A long metre rule, an L-square and a set of curves (a French curve and a hip curve) let you draw straight lines, true right angles and smooth armholes and necklines. Tape, pins, paper scissors and a tracing wheel complete the kit. Never cut paper with your fabric shears.',
      'Every piece you draft must carry its name, the size, the number to cut and a grain line. Symbols tell the cutter and the machinist everything else: where pieces meet, where a dart ends and where a fold lies.',
    ],
    listTitle: 'Symbols to use on every pattern',
    list: [
      'Grain line: a long arrow, placed parallel to the selvedge',
      'Place to fold: a bracket with arrows pointing to the fold edge',
      'Notches: short lines across the seam line where pieces must match',
      'Dart legs and point: two lines meeting at a circle',
      'Button and buttonhole positions: a cross and a short bar',
      'Seam allowance: a second line outside the stitching line',
    ],
    task: 'Label a copy of your bodice block with every symbol above, then swap with a classmate and check that they could cut it without asking you a question.',
  },
  'pattern-drafting-foundations/drafting-the-bodice-block': {
    points: ['Start from a square frame', 'Back first, then the front'],
  },
  'pattern-drafting-foundations/dart-manipulation': {
    lead: 'The basic bodice block has one dart at the waist and one at the shoulder, but a dart can be moved anywhere around the bust point without changing the fit. This is how one block becomes a hundred styles.',
    body: [
      'The slash-and-spread method works on a copy of the block. Draw a line from the bust point to where you want the new dart, for example the side seam. Cut along the new line to the bust point, then close the old dart by folding its legs together. The paper opens along your cut, and the opening is the new dart. Tape it in place and redraw the dart legs, stopping two to three centimetres short of the bust point.',
      'The same idea turns darts into other shaping. Two darts can be combined into one, spread into gathers, or run into a seam line to make princess panels. Whatever you do, the total amount of shaping stays the same.',
    ],
    listTitle: 'Steps for moving a dart',
    ordered: true,
    list: [
      'Trace the block and mark the bust point clearly',
      'Draw the position of the new dart to the bust point',
      'Cut along the new line, stopping at the bust point',
      'Close the old dart and tape it shut',
      'True the seam lines across the new dart and add allowances',
    ],
    sheets: [notes('Practice notes: record each dart you moved')],
  },
  'pattern-drafting-foundations/fitting-the-toile': {
    points: ['Pin out excess, never force it', 'Copy every change onto paper'],
  },
  'pattern-drafting-foundations/seam-allowances-and-notches': {
    lead: 'Most blocks are drafted without seam allowance, so that fitting and design changes are made on the true stitching line. Allowances are added only when the pattern is finished.',
    body: [
      'At the Academy we add 1.5 cm to most seams, 1 cm to necklines and armholes where a tight curve is easier to sew with less, 2 cm to side seams where a client may need letting out, and 3 to 5 cm to hems depending on the flare. Write the allowance on the pattern so nobody has to guess.',
      'Notches are cut into the allowance so that pieces can be matched quickly and accurately. Use single notches at the front, double notches at the back, and add extra ones along long or curved seams such as sleeve heads.',
    ],
    listTitle: 'Before you cut the final pattern',
    list: [
      'Walk each pair of seams together to check they are the same length',
      'Fold darts closed and true the seam line across them',
      'Add allowances with a parallel line, not by eye',
      'Cut notches 5 mm deep, never past the stitching line',
      'Mark a grain line on every piece',
    ],
  },

  // Garment Construction for Beginners
  'garment-construction-for-beginners/threading-your-machine': {
    points: ['Presser foot up before threading', 'Needle at its highest point'],
  },
  'garment-construction-for-beginners/seams-and-seam-finishes': {
    lead: 'A seam holds a garment together; a seam finish stops it from fraying apart after the first wash. Choosing the right finish for the fabric is one of the first marks of good workmanship.',
    body: [
      'The plain seam is sewn with right sides together, usually 1.5 cm from the edge, and then pressed open or to one side. Its raw edges must be finished. On cottons and Ankara an overlocker gives a fast, neat edge; without one, a zigzag stitch close to the edge works well.',
      'For fine or sheer fabrics such as chiffon and voile, a French seam hides the raw edges completely: sew wrong sides together with a narrow allowance, trim, turn and sew again with right sides together. For unlined jackets, a bound or Hong Kong finish wraps each edge in bias strip.',
    ],
    listTitle: 'Which finish for which fabric',
    list: [
      'Cotton, Ankara, linen: overlocked or zigzagged',
      'Chiffon, voile, organza: French seam',
      'Denim and workwear: flat-felled seam',
      'Unlined jackets and coats: bound or Hong Kong finish',
      'Knits: overlocked, or a narrow zigzag that can stretch',
    ],
    task: 'Sew a 15 cm sample of each finish on scraps of the fabrics listed and mount them in your technique book.',
  },
  'garment-construction-for-beginners/sewing-a-dart': {
    points: ['Sew from the wide end to the point', 'Tie off: do not backstitch the tip'],
  },
  'garment-construction-for-beginners/inserting-a-zip': {
    lead: 'A concealed zip disappears into the seam, leaving only a small pull at the top. It is the standard closure for dresses and skirts, and with the right foot it is easier to sew than a visible zip.',
    body: [
      'Insert the zip before you sew the seam below it. Finish the raw edges of the seam first, then mark the seam line with chalk. Open the zip and press its teeth flat with a cool iron so they uncurl. Pin one side of the open zip face down on the right side of the fabric, with the teeth on the seam line.',
      'Fit the concealed zip foot and sew slowly, with the foot groove riding over the teeth, until you reach the zip pull. Repeat on the other side, checking that waist seams line up. Close the zip, then sew the rest of the seam below it with a normal foot, starting just above and to the side of the last stitch.',
    ],
    listTitle: 'Common problems and their fixes',
    list: [
      'Zip shows when closed: stitch closer to the teeth',
      'Waist seams do not match: mark them on the zip tape before pinning',
      'Pucker at the bottom: leave a 3 mm gap between the zip stitching and the seam',
      'Zip too long: stitch across the teeth at the new length, then trim below',
    ],
    sheets: [notes()],
  },
  'garment-construction-for-beginners/pressing-as-you-sew': {
    lead: 'Pressing is half of sewing. A garment that is pressed at every stage looks professional; one that is only ironed at the end never quite recovers.',
    body: [
      'Pressing is not ironing. When you iron, you slide the iron across the fabric; when you press, you lower it, hold and lift, so that seams are set without stretching the cloth. Press every seam flat as it was sewn first, to set the stitches, and then open or to one side.',
      "Match the heat to the fibre and test on a scrap. Use a press cloth on dark fabrics, satins and anything with a sheen, so the iron does not leave shiny marks. Curved seams such as darts and princess lines need a tailor's ham to keep their shape.",
    ],
    listTitle: 'Pressing tools in the studio',
    list: [
      'Steam iron with clean soleplate',
      'Press cloth of cotton muslin or silk organza',
      "Tailor's ham for darts and curves",
      'Sleeve board for sleeves and narrow pieces',
      'Clapper for crisp edges on wool and heavy cotton',
    ],
  },
  'garment-construction-for-beginners/lined-skirt-project': {
    points: ['Cut, mark, sew, press', 'Hand it in by the end of week six'],
  },

  // Adire and Indigo Resist Dyeing
  'adire-indigo-resist-dyeing/what-is-adire': {
    points: ['From adi (to tie) and re (to dye)', 'Resist by tying, stitching or starch'],
  },
  'adire-indigo-resist-dyeing/preparing-the-cloth': {
    lead: 'Indigo only takes evenly on clean cloth. New fabric carries starch, size and oils from the factory that block the dye, so every piece is scoured before it meets the vat.',
    body: [
      'Use natural fibres: cotton, linen, rayon or silk. Polyester and most blends will not take indigo. Weigh the dry cloth and write the weight down, because it decides how much dye and how many dips you will need.',
      'To scour cotton, simmer it for an hour in water with a little soda ash and a few drops of washing-up liquid, stirring now and then. Rinse well in clean water until it runs clear, then dry and iron flat. Scoured cloth can be stored for weeks, so prepare several lengths at once.',
    ],
    listTitle: 'Preparing a length for adire',
    ordered: true,
    list: [
      'Cut the cloth to size and overlock or hem the raw ends',
      'Weigh it dry and label it',
      'Scour, rinse and dry',
      'Iron flat and mark the design lightly with chalk',
      'Tie, stitch or paste the resist, then let it rest overnight',
    ],
    task: 'Scour two metres of cotton shirting and two metres of rayon, and compare how each one looks and feels before and after.',
  },
  'adire-indigo-resist-dyeing/oniko-tie-patterns': {
    points: ['Pinch, wrap and bind tightly', 'Raffia or thread for the ties'],
  },
  'adire-indigo-resist-dyeing/indigo-vat': {
    lead: 'Indigo does not dissolve in water. It must first be reduced, in a vat without oxygen, to a yellow-green form that cloth can absorb. When the cloth comes out into the air it turns blue before your eyes.',
    body: [
      'A traditional vat is made with fermented indigo leaves and lye from wood ash, and can take a week to come alive. In the studio we also use a quicker vat of synthetic indigo, caustic soda and sodium hydrosulphite, in equal weights as shown on your recipe card. Fill the vat with warm water at about 50 °C, add the caustic soda solution, then the indigo paste, and sprinkle the hydrosulphite on gently. Stir slowly in one direction and cover.',
      'After about forty minutes a healthy vat is clear yellow-green under a coppery skin, with a dark blue foam, the flower, in the middle. Dip the wetted cloth slowly, hold it under for a few minutes, lift it out and let it oxidise for ten minutes before the next dip. Each dip makes the blue deeper.',
    ],
    listTitle: 'Reading the vat',
    list: [
      'Yellow-green liquid with a coppery film: ready to dye',
      'Blue liquid: too much oxygen; add a little hydrosulphite and rest it',
      'No flower: the vat is weak; feed it with more indigo paste',
      'Sludge on the bottom: normal; do not stir it up before dipping',
    ],
    sheets: [
      {
        heading: 'Vat log',
        note: 'Fill in a line every time you use or feed the vat.',
        head: ['Date', 'Temperature', 'Colour of the liquid', 'Fed with', 'Notes'],
        rows: Array.from({ length: 12 }, () => []),
      },
    ],
  },
  'adire-indigo-resist-dyeing/dye-room-safety': {
    lead: 'Dyeing is a joy, but caustic soda and hydrosulphite are dangerous if they are handled carelessly. These rules apply to every student and every visitor to the dye room.',
    body: [
      'Caustic soda burns skin and eyes and gives off heat when it dissolves. Always add caustic soda to cold water, a little at a time, never water to caustic soda. Sodium hydrosulphite must be kept dry and away from heat: damp powder can smoulder and it gives off choking fumes.',
      'Wear gloves, apron and goggles whenever you work at the vats, and keep the windows and doors open. If chemicals touch your skin or eyes, rinse with plenty of running water for at least fifteen minutes and tell a tutor straight away.',
    ],
    listTitle: 'Dye room rules',
    list: [
      'No food, drink or phones beside the vats',
      'Label every container with its contents and the date',
      'Weigh chemicals on the dedicated scales only',
      'Never pour a live vat into a drain; your tutor will show you how to neutralise it',
      'Wash gloves and tools before you leave the room',
    ],
  },

  // Fashion Illustration
  'fashion-illustration/drawing-the-croquis': {
    points: ['Divide the height into nine heads', 'Shoulders and hips tilt apart'],
  },
  'fashion-illustration/croquis-proportions': {
    lead: 'A fashion figure is taller and longer-legged than a real person. The stretch is deliberate: it shows clothes at their best and gives the drawing energy.',
    body: [
      'We draw the figure nine heads tall. Draw a vertical balance line down the centre of the page and divide it into nine equal parts; the first part is the head. The extra length goes almost all into the legs, so the waist still sits at three heads and the hips at four, but the knees drop to six and the ankles to eight and a half.',
      'For a walking pose, tilt the shoulder line one way and the hip line the other. The weight-bearing leg always comes back under the pit of the neck, on the balance line, or the figure will look as if it is falling over.',
    ],
    listTitle: 'Keep in mind',
    list: [
      'Shoulders are about one and a half heads wide; hips a little narrower',
      'The elbow sits level with the waist, the wrist level with the crotch',
      'Hands are roughly as long as the face',
      'Feet are drawn longer than a head, in perspective',
    ],
    sheets: [
      {
        heading: 'The nine-heads figure: where the landmarks fall',
        head: ['Heads from the top', 'Landmark', 'Notes'],
        rows: [
          ['0', 'Top of the head', 'Leave room above for hair or a gele'],
          ['1', 'Chin', 'The neck is about half a head long'],
          ['1⅓', 'Shoulder line', 'Tilt it in a walking pose'],
          ['2', 'Bust and armpits', ''],
          ['3', 'Waist and elbows', 'The narrowest point of the torso'],
          ['4', 'Hips and crotch', 'Tilt opposite to the shoulders'],
          ['4½', 'Wrists and fingertips above mid-thigh', ''],
          ['6', 'Knees', 'Long thighs are the key to the fashion figure'],
          ['8½', 'Ankles', ''],
          ['9', 'Soles of the feet', 'On the ground line'],
        ],
      },
    ],
  },
  'fashion-illustration/rendering-prints': {
    points: ['Block in the base colour first', 'Bend the print with the folds'],
  },
  'fashion-illustration/technical-flats': {
    lead: 'A technical flat is a drawing of a garment laid flat, front and back, without a body. Pattern cutters, machinists and factories work from flats, so they must be accurate, clear and drawn to scale.',
    body: [
      'Draw flats over a flat figure template so that proportions stay consistent across a collection. Use a fine black pen, or a thin line in your drawing software, for seams and stitching, and a slightly heavier line for the outline. Every seam, dart, pocket, button and line of topstitching must be shown, in the right place.',
      'Draw half the garment, then trace or mirror it so that both sides are identical. Add callouts for details that cannot be seen, such as a concealed zip or an inside pocket, and a close-up for anything small and important.',
    ],
    listTitle: 'A good flat shows',
    list: [
      'Front and back views side by side, at the same scale',
      'Every seam, dart and panel line',
      'Topstitching as a dashed line, with its distance from the edge',
      'Fastenings: buttons, zips, hooks and their positions',
      'Notes on fabric and trims beside the drawing',
    ],
    task: 'Draw front and back flats of a garment you own, then compare your drawing with the garment seam by seam.',
  },

  // Fashion Business
  'fashion-business-and-pricing/costing-a-garment': {
    points: ['Materials + labour + overheads', 'Then add your profit'],
  },
  'fashion-business-and-pricing/costing-worksheet': {
    lead: 'The price of a garment should be built from its cost, not copied from the shop next door. This worksheet takes you through every cost a garment carries.',
    body: [
      'Start with the materials: measure the fabric you really used, including waste, and add lining, interfacing, thread, zips, buttons, labels and packaging. Then count your labour honestly. Time yourself making the garment and multiply by an hourly rate you would be happy to pay a skilled tailor.',
      'Overheads are the costs that keep the workshop running: rent, electricity, diesel for the generator, data, machine repairs and transport to the market. Add up a normal month, divide by the number of garments you make in that month, and add that share to every piece.',
    ],
    listTitle: 'Worked example: a lined Ankara dress',
    list: [
      'Fabric 3 yards at ₦4,000 = ₦12,000; lining and trims ₦5,500',
      'Labour 6 hours at ₦1,500 = ₦9,000',
      'Overheads: ₦240,000 a month ÷ 40 garments = ₦6,000',
      'Total cost ₦32,500; with a 40% margin, price about ₦45,500',
    ],
    sheets: [
      {
        heading: 'Costing worksheet',
        note: 'Garment: ________________________________   Date: ____________',
        head: ['Cost', 'Quantity', 'Unit cost (₦)', 'Total (₦)'],
        rows: [
          ['Main fabric'],
          ['Lining'],
          ['Interfacing'],
          ['Thread'],
          ['Zip, buttons, hooks'],
          ['Trims and embellishment'],
          ['Labels and packaging'],
          ['Labour (hours)'],
          ['Share of overheads'],
          ['Total cost'],
          ['Profit margin'],
          ['Selling price'],
        ],
      },
    ],
  },
  'fashion-business-and-pricing/pricing-strategies': {
    lead: 'Once you know what a garment costs, you can decide what to charge. The right price depends on who is buying: a private client, a shop that will resell it, or a customer online.',
    body: [
      'For private clients and bespoke work, price each piece from its full cost plus a margin of 40 to 60 per cent, and charge extra for rush orders, extra fittings and hand embellishment. Take a deposit of at least half before you buy fabric.',
      'Stockists expect a wholesale price that allows them to double it or more, so your wholesale price must still cover your costs and a smaller profit. If the numbers do not work at wholesale, the garment is not ready for stockists; change the design, the fabric or the way it is made.',
    ],
    listTitle: 'Pricing rules to live by',
    list: [
      'Never price below your total cost, even for friends',
      'Round prices to a clear figure and keep a written price list',
      'Review your prices whenever fabric or fuel prices rise',
      'Discount on purpose, for a reason and for a limited time',
      'Keep wholesale and retail prices consistent across all stockists',
    ],
  },
  'fashion-business-and-pricing/cash-flow-basics': {
    points: ['Profit is not cash in hand', 'Keep business and personal money apart'],
  },
  'fashion-business-and-pricing/one-page-business-plan': {
    lead: 'A business plan does not need to be long to be useful. One page, written honestly and read again every three months, will keep your fashion business pointed in the right direction.',
    body: [
      'Write your plan in plain language, for yourself first. Say what you sell, who buys it and why they choose you over the many other tailors and brands around them. Then set out how you will reach those customers and what it will cost.',
      'End with numbers: how many pieces you aim to sell each month, at what average price, and what that leaves after costs. Keep the figures modest; a plan that you beat is far better than one that makes you feel like a failure.',
    ],
    listTitle: 'The headings of your one-page plan',
    ordered: true,
    list: [
      'What I make and sell',
      'Who my customers are and where they find me',
      'Why they choose me',
      'How I will reach more of them this year',
      'What I need: equipment, skills, people and money',
      'My monthly sales target and what it leaves after costs',
    ],
    sheets: [notes('Draft your plan here')],
  },

  // Bridal and Occasion Wear
  'bridal-and-occasion-wear/bridal-consultation': {
    points: ['Date, venue, budget and vision', 'Plan fittings back from the day'],
  },
  'bridal-and-occasion-wear/bridal-timeline': {
    lead: 'A bridal gown is a project with an immovable deadline. The most common cause of a stressful wedding week is a designer who agreed to the dress without planning the months before it.',
    body: [
      'Work backwards from the wedding date. Most of our gowns need four to six months from the first consultation, longer for heavy beading or imported lace. Agree the design, the price and the payment schedule in writing at the first meeting, and take a deposit before you buy any fabric.',
      'Book every fitting at the start and share the dates with the bride. Ask her to bring the shoes and underwear she will wear on the day to every fitting from the first fabric fitting onwards; a change of heel height changes the hem.',
    ],
    listTitle: 'What to agree in writing',
    list: [
      'The design, with a sketch and fabric swatches',
      'The total price, the deposit and when the balance is due',
      'The fitting dates and what happens if one is missed',
      'The cost of changes requested after the toile fitting',
      'The collection date, at least a week before the wedding',
    ],
    sheets: [
      {
        heading: 'Planning a bridal order, week by week',
        head: ['Weeks before the wedding', 'Stage', 'Done'],
        rows: [
          ['24 to 16', 'Consultation, design agreed, deposit paid', ''],
          ['16 to 14', 'Measurements taken, fabric and lace bought', ''],
          ['12', 'Toile fitting', ''],
          ['8', 'First fitting in fabric', ''],
          ['6 to 4', 'Beading and embellishment finished', ''],
          ['4', 'Second fitting, with shoes and underwear', ''],
          ['2', 'Final fitting, bustle practice', ''],
          ['1', 'Balance paid, gown collected', ''],
        ],
      },
    ],
  },
  'bridal-and-occasion-wear/cutting-lace': {
    points: ['Cut around the motifs', 'Overlap and hand-stitch the seams'],
  },
  'bridal-and-occasion-wear/corset-foundations': {
    lead: "A strapless or off-the-shoulder gown stays up because of the foundation hidden inside it, not because it is tight. A good foundation carries the weight of the skirt and holds the bride's shape all day.",
    body: [
      'The foundation is a close-fitting bodice of firm cotton coutil or drill, cut separately from the outer fabric and fitted directly on the body. It is shaped with panel seams rather than darts and closes at the back with hooks and eyes or a lacing panel, so it can be tightened.',
      'Boning runs along the seams: plastic boning for light support, spiral steel for curved seams and flat steel at the centre back either side of the fastening. A waist stay of firm grosgrain ribbon, sewn to the foundation at the waist and hooked closed first, takes the weight of the skirt off the bust.',
    ],
    listTitle: 'Order of work',
    ordered: true,
    list: [
      'Fit the foundation toile on the bride',
      'Cut the foundation in coutil and sew the panels',
      'Add boning channels and boning, then the waist stay',
      'Fit again before attaching the outer fabric',
      'Tack the outer bodice to the foundation along the seams',
    ],
  },
  'bridal-and-occasion-wear/aso-ebi-coordination': {
    lead: 'Aso-ebi, the cloth chosen for family and friends to wear at a celebration, is a big part of many Nigerian weddings. Coordinating it well adds value for the couple and brings in extra work for your studio.',
    body: [
      "Agree the colour story with the couple first: the bride's outfits, the groom's, the bridal party and the guests' aso-ebi should all sit well together in the photographs. Buy enough fabric from one dye lot, as colours can vary between batches of the same lace or aso-oke.",
      'Keep a register of every person sewing with you: their measurements, style, the fabric they brought and the date they collected. Set a firm cut-off date for new orders so that the bridal gown does not suffer in the last weeks.',
    ],
    listTitle: 'Aso-ebi checklist',
    list: [
      'Colour story and fabrics approved by the couple',
      'Fabric quantities calculated per style and size',
      'Order register with names, phone numbers and deposits',
      'Cut-off date for orders announced in writing',
      'Collection schedule planned for the week before the event',
    ],
  },
  'bridal-and-occasion-wear/final-fitting': {
    points: ['Check the hem in her shoes', 'Practise the bustle together'],
  },

  // Menswear Tailoring
  'menswear-tailoring/measuring-for-menswear': {
    points: ['Chest, waist, seat and neck', 'Note posture and shoulder slope'],
  },
  'menswear-tailoring/agbada-three-piece': {
    lead: 'The agbada is a three-piece outfit: the wide, flowing outer robe, the buba (a long-sleeved top) worn under it, and the sokoto, the trousers. Each piece is simple to cut; the skill is in the proportions and the finish.',
    body: [
      'The robe is cut from the full width of the fabric, usually folded at the shoulders, with a neck opening, a front opening and large side openings for the arms. Its width, from wrist to wrist when the arms are raised, is the measurement that gives the agbada its presence; too narrow and it looks like a cape.',
      'Embroidery at the neck and on the large chest pocket is placed on the robe before it is assembled, so mark the neck line and pocket position on the cut pieces and send them to the embroiderer with a drawing. The buba and sokoto are cut from the same fabric, or from a plain one that matches the embroidery thread.',
    ],
    listTitle: 'Measurements for the agbada',
    list: [
      'Full shoulder and wrist-to-wrist span',
      'Robe length, from the nape to just above the ankle',
      'Neck girth and the depth of the front opening',
      'Chest, sleeve length and buba length',
      'Waist, seat, trouser length and ankle width for the sokoto',
    ],
    sheets: [
      {
        heading: 'Cutting plan for an average build (chest up to 110 cm)',
        note: 'Quantities for fabric 150 cm wide. Allow more for a one-way pattern or a tall client.',
        head: ['Piece', 'Fabric', 'Notes'],
        rows: [
          ['Agbada (robe)', '4.5 m', 'Folded at the shoulder; side openings for the arms'],
          ['Buba (top)', '2.0 m', 'Long sleeves; neckline to match the embroidery'],
          ['Sokoto (trousers)', '1.8 m', 'Drawstring or elastic waist; tapered ankle'],
          ['Fila (cap)', '0.3 m', 'Optional, from the same cloth'],
          ['Total', 'about 8.6 m', 'Plus 0.5 m of fusible interfacing for the neckline'],
        ],
      },
    ],
  },
  'menswear-tailoring/cutting-the-senator': {
    points: ['Straight, clean lines', 'Cut the placket and collar first'],
  },
  'menswear-tailoring/trouser-block': {
    lead: "A well-drafted trouser block is the base for sokoto, suit trousers and chinos alike. Men's trousers are judged on how they hang from the seat and how cleanly the crease falls.",
    body: [
      'You need the waist, seat, body rise (measured sitting, from the waist to the chair), the inside leg and the outside leg, the knee and the bottom width. The front is drafted first on a rectangle, with the crease line as its centre; the back is built over the front, with a longer, sloping centre-back seam to give room to sit.',
      'Check the crotch curve carefully. Too short and the trousers pull; too long and they sag. Walk the front and back inside-leg seams together before cutting: they must be the same length below the knee.',
    ],
    listTitle: 'Fitting checks on the toile',
    list: [
      'The crease hangs straight from the front pleat or dart',
      'No drag lines from the seat towards the knee',
      'The waistband sits level all round',
      'The bottom just touches the shoe with a slight break',
    ],
  },
  'menswear-tailoring/canvassing-a-jacket': {
    lead: 'Inside a good suit jacket is a layer of canvas that gives the chest its shape and makes the lapel roll softly. Learning to canvas a jacket is what turns a tailor into a bespoke tailor.',
    body: [
      'A fully canvassed front is made of hair canvas cut to the shape of the jacket front, with an extra chest piece and a layer of felt over the shoulder. The canvas is attached to the front by hand with basting, so that it can move with the cloth. The lapel is pad-stitched to the canvas with small diagonal stitches, rolling it over your hand as you go, so that it keeps its curve forever.',
      'Fused jackets, in which the front is glued to interfacing, are quicker and cheaper, and many ready-to-wear labels use them. A half-canvas, with canvas only in the chest and lapel, is a good compromise for bespoke work at a sensible price.',
    ],
    listTitle: 'Steps in canvassing the front',
    ordered: true,
    list: [
      'Cut the hair canvas, chest piece and felt',
      'Baste the canvas to the jacket front',
      'Mark the roll line and pad-stitch the lapel',
      'Tape the roll line and the front edge',
      'Press the chest shape over a ham and leave it to set',
    ],
  },

  // Diploma in Fashion Design
  'diploma-in-fashion-design/diploma-induction': {
    points: ['Three terms, one final collection', 'Your placement is in term three'],
  },
  'diploma-in-fashion-design/diploma-handbook': {
    lead: 'Welcome to the Diploma in Fashion Design and Garment Making. This handbook sets out how the year is organised, what we expect of you and what you can expect of us.',
    body: [
      'Classes run Monday to Friday from 9 am to 4 pm at our Yaba campus, with the studios open until 6 pm for independent work. Each term ends with an assessment week in which you present your garments, sketchbooks and technical files to a panel of tutors. You must pass each term to continue to the next.',
      'Attendance matters. If you will be absent, tell your course leader before 9 am. Every student is given a locker, a cutting table space and a machine for the year; please keep them clean and report any fault at once. We expect respect for tutors, classmates and the equipment, and in return we promise honest feedback and support whenever you ask for it.',
    ],
    listTitle: 'What to bring every day',
    list: [
      'Sketchbook, pencils and your technique book',
      'Tape measure, fabric shears and paper scissors',
      'Pins, hand needles and a seam ripper',
      'Your timetable and any handouts for the week',
    ],
    sheets: [
      {
        heading: 'The year at a glance',
        head: ['Term', 'Months', 'Main subjects', 'Assessed by'],
        rows: [
          ['One', '1 to 4', 'Design principles, drafting blocks, construction basics, illustration', 'Portfolio and three garments'],
          ['Two', '5 to 8', "Menswear, children's wear, textiles and adire, tailoring, costing", 'Tailored jacket and textile samples'],
          ['Three', '9 to 12', 'Industry placement, final collection, business plan', 'Final collection and showcase'],
        ],
      },
      notes('Your targets for the year'),
    ],
  },
  'diploma-in-fashion-design/research-and-sketchbooks': {
    lead: 'Every collection begins with research. Your sketchbook is where ideas are gathered, tested and developed, and it is assessed as carefully as your garments.',
    body: [
      'Research can start anywhere: the architecture of Lagos Island, an old family photograph, the colours of a market, a piece of music. Collect images, fabric swatches, drawings and notes, and write down why each one caught your attention. Primary research, things you have drawn or photographed yourself, is worth more than pictures from the internet.',
      'Development is the step many students skip. Take one idea and push it through ten, twenty or thirty variations: change the proportion, move the seam, try another fabric. The design you finally choose should be clearly traceable back through these pages.',
    ],
    listTitle: 'A strong sketchbook has',
    list: [
      'A clear theme, stated in a sentence at the front',
      'Mostly primary research, with sources for everything else',
      'Fabric swatches and colour tests beside the designs',
      'Many development pages for each final design',
      'Honest notes on what did not work and why',
    ],
  },
  'diploma-in-fashion-design/building-a-collection': {
    points: ['One story, six to eight looks', 'Repeat colours, vary the shapes'],
  },
  'diploma-in-fashion-design/portfolio-guide': {
    lead: 'Your portfolio is how employers, clients and scholarship panels will judge you. It should show your best work, clearly presented, and tell them what kind of designer you are.',
    body: [
      'Select fewer, better projects: three or four strong projects say more than ten weak ones. For each project show the research, a few development pages, the final illustrations, technical flats and good photographs of the finished garments. Put your strongest project first and your final collection last.',
      'Keep both a printed portfolio in an A3 folder and a PDF of no more than 20 pages that you can send by e-mail or WhatsApp. Photograph garments on a model or a dress form against a plain background, in good daylight.',
    ],
    listTitle: 'Portfolio checklist',
    list: [
      'Contact details and a short statement about you on the first page',
      'Three or four projects, each with a clear title',
      'Research, development, illustrations, flats and photographs',
      'Consistent layout, fonts and image quality',
      'A PDF version under 10 MB',
    ],
    sheets: [notes('Plan your portfolio pages')],
  },

  // Advanced Garment Construction
  'advanced-garment-construction/double-welt-pocket': {
    points: ["Mark the box with tailor's tacks", 'Cut into the corners, never through'],
  },
  'advanced-garment-construction/interfacing-guide': {
    lead: 'Interfacing is the hidden layer that gives collars, cuffs, facings and jacket fronts their body. The wrong choice shows on the outside as bubbling, stiffness or a limp edge.',
    body: [
      'Choose an interfacing lighter than the fabric, never heavier, and test it on a scrap first. Fusible interfacings are quick and reliable when applied properly; sew-in interfacings are better for fabrics that cannot take heat, such as sequins, some silks and velvet, and for the softest tailoring.',
      'To fuse, place the glue side, which feels rough, on the wrong side of the fabric. Cover with a damp press cloth and press with a hot iron for ten to fifteen seconds in each place, lifting and lowering without sliding. Let the piece cool completely before you move it, or the glue will not set.',
    ],
    listTitle: 'Signs of a problem',
    list: [
      'Bubbles on the outside: not enough heat, time or pressure',
      'Glue marks on the right side: interfacing too heavy or iron too hot',
      'Stiff, board-like collar: choose a lighter or a knit interfacing',
      'Peeling after washing: the fabric was not pre-shrunk',
    ],
    sheets: [
      {
        heading: 'Choosing an interfacing',
        head: ['Type', 'Feels like', 'Use it for'],
        rows: [
          ['Woven fusible', 'Fine cotton with a glue dot', 'Shirt collars, cuffs, plackets, facings'],
          ['Knit fusible', 'Soft and slightly stretchy', 'Jackets in soft fabrics, knits, fronts'],
          ['Weft-insertion fusible', 'Soft with a firm lengthways grain', 'Tailored fronts, coats'],
          ['Non-woven fusible', 'Paper-like', 'Bags, belts and craft; rarely garments'],
          ['Hair canvas (sew-in)', 'Springy, firm', 'Canvassed jackets, lapels, chest pieces'],
          ['Silk organza (sew-in)', 'Crisp and sheer', 'Couture work, sheer and delicate fabrics'],
        ],
      },
    ],
  },
  'advanced-garment-construction/boning-a-bodice': {
    points: ['Plastic boning for light support', 'Spiral steel for a corset finish'],
  },
  'advanced-garment-construction/lace-sequins-and-velvet': {
    lead: 'Occasion fabrics are expensive and unforgiving. A few extra steps before you cut and sew will save both the fabric and your reputation.',
    body: [
      'Lace is cut as a single layer, with the motifs placed symmetrically and the scalloped edge used as a finished hem wherever possible. Seams in good lace are not sewn straight: overlap the pieces, follow the outline of a motif with small hand stitches and trim away the excess underneath, so the join disappears.',
      'With sequined fabric, remove the sequins from the seam allowances before sewing, or your needle will break and the seam will be lumpy; sew a few back on by hand to cover any gap. Velvet has a pile that creeps when sewn: hand-baste every seam, use a walking foot, and press only on a needle board or a spare piece of velvet, never flat on the ironing board.',
    ],
    listTitle: 'Before you cut',
    list: [
      'Buy at least 10% extra for matching motifs and pile direction',
      'Cut all pieces in the same direction on velvet and satin',
      'Use new, fine needles and test stitch on scraps',
      'Cover the cutting table with paper so slippery fabric cannot move',
    ],
  },
  'advanced-garment-construction/finishing-checklist': {
    lead: 'Boutique buyers and private clients often turn a garment inside out before they look at the front. This checklist is the standard every garment must meet before it leaves the studio.',
    body: [
      'Check the garment on a dress form first, then inside out on the table, then on the client if you can. Look at it in daylight. Anything you would be embarrassed to explain, put right now; it takes far less time than winning back a client.',
      'Remove every tacking thread, chalk mark and loose end. Give the garment a final press with a press cloth and hang it on a shaped hanger in a garment bag.',
    ],
    listTitle: 'The finishing checklist',
    list: [
      'All seams finished, pressed and free of puckers',
      'Hems level on the body and invisible from the right side',
      'Linings hang freely with ease pleats where needed',
      'Buttonholes clean, buttons shanked and secure',
      'Zips lie flat with matching seams either side',
      'Pattern and stripes matched at the centre front and side seams',
      'Care label and size label sewn in',
    ],
  },

  // Aso-oke Weaving
  'aso-oke-weaving/the-narrow-loom': {
    points: ['Heddles lift the warp threads', 'The beater packs each weft pick'],
  },
  'aso-oke-weaving/etu-sanyan-and-alaari': {
    lead: 'Three cloths stand at the heart of the aso-oke tradition. Weavers and families still call them by name, and every weaver learns them before trying anything new.',
    body: [
      "Etu, named after the guinea fowl, is a deep indigo cloth with very fine light-blue stripes or flecks that recall the bird's speckled feathers. Sanyan is woven from the beige silk of the anaphe moth and is the most prized of all; it is worn by elders and at the most important occasions. Alaari is a rich crimson cloth, once woven with imported magenta silk that was unravelled and rewoven by hand.",
      'Together these three were known as the old cloths of prestige, and they are still chosen for weddings, chieftaincy ceremonies and funerals of the old. Today weavers use them as a starting point for new colourways, lurex stripes and openwork patterns.',
    ],
    listTitle: 'Look closely at a strip and note',
    list: [
      'The colour and fibre of the warp',
      'The colour and fibre of the weft',
      'The width of the strip and the number of stripes',
      'Any pattern in the weft or openwork',
      'How the strips have been joined',
    ],
    task: 'Study the three sample strips in the studio and draw each one at full size, colouring the stripes exactly.',
  },
  'aso-oke-weaving/laying-the-warp': {
    points: ['Count every thread twice', 'Keep an even tension throughout'],
  },
  'aso-oke-weaving/joining-strips': {
    lead: 'Aso-oke is woven as a long narrow strip, often about ten centimetres wide, which is then cut into lengths and sewn together edge to edge to make a wrapper, a gele or a shoulder cloth.',
    body: [
      'Plan the layout before you cut. Lay the strip out and decide how the lengths will sit side by side: should the stripes line up across the cloth, or step down in a pattern? Cut each length with a little extra at each end for the fringe or hem, and mark the top of every piece.',
      'Join the strips with small, even overcast stitches by hand, or with a narrow zigzag on the machine, butting the edges together so the join lies flat. Press from the wrong side under a cloth. Finish the ends with a knotted fringe of warp threads or a narrow hem.',
    ],
    listTitle: 'Typical sizes',
    list: [
      'Gele: 6 to 8 strips, about 1.8 m long',
      'Iro (wrapper): 10 to 12 strips, about 1.8 m long',
      'Ipele (shoulder cloth): 8 to 10 strips, about 1.8 m long',
      'Fila (cap): cut from a single joined panel',
    ],
  },
  'aso-oke-weaving/yarns-and-costing': {
    lead: 'The yarn decides the look, the weight and a large part of the price of a piece of aso-oke. Choosing well, and costing honestly, is what keeps a weaving business alive.',
    body: [
      'Cotton is strong, affordable and takes indigo beautifully; it is the everyday yarn of the loom. Rayon and mercerised cotton give a soft sheen at a moderate price, while silk is the most costly and the most prized. Metallic lurex is used in stripes and patterns for occasion cloth and is often what customers ask for first.',
      'To cost a set, weigh or count the yarn you used for warp and weft, record the hours at the loom and at finishing, and add a share of loom maintenance and studio costs. Sets are usually sold as a group, such as gele, iro and ipele together, so cost and price them as a set as well.',
    ],
    listTitle: 'Before you quote a price',
    list: [
      'Weigh the yarn for warp and weft separately',
      'Record every hour at the loom, including setting up',
      'Include joining and finishing time',
      'Compare the final price with what your customers are used to paying',
    ],
    sheets: [
      {
        heading: 'Costing a woven set',
        note: 'Set: ______________________________   Customer: ____________________',
        head: ['Cost', 'Quantity', 'Unit cost (₦)', 'Total (₦)'],
        rows: [
          ['Warp yarn'],
          ['Weft yarn'],
          ['Lurex or pattern yarn'],
          ['Hours setting up the loom'],
          ['Hours weaving'],
          ['Hours joining and finishing'],
          ['Share of studio costs'],
          ['Total cost'],
          ['Profit margin'],
          ['Price of the set'],
        ],
      },
    ],
  },

  // Personal Styling
  'styling-and-wardrobe-consulting/first-consultation': {
    points: ['Listen before you suggest', 'Ask about lifestyle and budget'],
  },
  'styling-and-wardrobe-consulting/dressing-for-body-shape': {
    lead: 'Body-shape guidance is a starting point, not a set of rules. Its purpose is to help a client understand their proportions so that they can choose clothes that make them feel good.',
    body: [
      'Look at the balance between shoulders, waist and hips, and at the length of the torso compared with the legs. A client with shoulders and hips of a similar width and a defined waist can wear most shapes; a belt or a wrap style will show the waist. Where the shoulders are broader than the hips, add volume below the waist with A-line skirts or wider trousers. Where the hips are fuller, draw the eye upwards with interesting necklines and structured shoulders.',
      'Always talk about shapes and proportions, never about problem areas. Ask clients what they love about their bodies and what they want to show, and respect their culture, faith and comfort.',
    ],
    listTitle: 'Tools that change proportion',
    list: [
      'A defined waist: belts, wrap styles, peplums',
      'Vertical lines: long necklaces, open jackets, one colour head to toe',
      'Volume: gathers, pleats and structured fabrics where you want it',
      'Necklines: a V lengthens the neck; a boat neck widens the shoulders',
      'Hem lengths: end just above or below the widest part of the leg',
    ],
  },
  'styling-and-wardrobe-consulting/wardrobe-audit': {
    lead: 'A wardrobe audit is often the first paid service a stylist offers. In two or three hours you help a client see what they own, what works and what is missing.',
    body: [
      "Agree the scope and the fee beforehand, and ask the client to set aside time without interruptions. Take everything out, one section at a time, and try on anything uncertain. Sort each piece into keep, alter, or donate and sell, and explain your reasons kindly; the decision is always the client's.",
      'End by hanging the keep pile back in order, by type and then by colour, and by writing a short shopping list of the gaps. Take photos of key outfits you have put together so the client can recreate them.',
    ],
    listTitle: 'Questions for every piece',
    list: [
      'Have you worn it in the last year?',
      'Does it fit you now, or could a tailor make it fit?',
      'Does it suit your life today: work, church, family, events?',
      'How do you feel when you wear it?',
    ],
    sheets: [
      {
        heading: 'Wardrobe audit sheet',
        note: 'Client: ______________________   Date: ____________',
        head: ['Item', 'Keep', 'Alter', 'Donate / sell', 'Notes'],
        rows: Array.from({ length: 14 }, () => []),
      },
    ],
  },
  'styling-and-wardrobe-consulting/capsule-wardrobe': {
    points: ['Twelve pieces, thirty outfits', 'Neutrals first, then accents'],
  },

  // Millinery
  'millinery-hats-fascinators-and-gele/blocking-sinamay': {
    points: ['Steam, stretch and pin', 'Leave it to dry on the block'],
  },
  'millinery-hats-fascinators-and-gele/millinery-materials': {
    lead: 'Millinery uses its own set of materials and tools. Knowing what each one does will help you buy wisely and work quickly.',
    body: [
      'Sinamay, woven from abaca fibre, is light, stiff and comes in many colours; it is the everyday material for occasion hats and fascinators. Felt, made from wool or fur, is blocked with steam for structured hats. Buckram, a stiffened cotton, makes strong bases. Millinery wire, covered in thread, holds brims and edges in shape.',
      'Hat blocks, carved from wood, give crowns and brims their shape. Use drawing pins or blocking pins, a steamer or a kettle, and a stiffener to set the shape once it is dry. Protect the block with cling film or foil so that stiffener does not stick to it.',
    ],
    listTitle: 'Your starter kit',
    list: [
      'Two metres of sinamay in a neutral colour',
      'Millinery wire and a pair of wire cutters',
      'Blocking pins and a crown block',
      'Fabric stiffener and a small brush',
      'Bias binding, hand needles and a thimble',
    ],
  },
  'millinery-hats-fascinators-and-gele/tying-a-gele': {
    points: ['Start at the nape, fabric taut', 'Pleat, wrap, then tuck'],
  },
  'millinery-hats-fascinators-and-gele/beaded-fascinator': {
    lead: 'In this project you will make a small fascinator on a sinamay base, trimmed with a feather and hand-sewn beads, and mounted on a comb or a headband.',
    body: [
      'Block two layers of sinamay over a small round or teardrop block, and leave them to dry overnight. Trim the shape, then wire the edge: stitch the wire just inside the edge with small stitches, overlap the ends by two centimetres and bind the edge with bias-cut sinamay.',
      'Plan the trim on paper first. Place the feather so that it sweeps away from the face, and cluster the beads where the feather meets the base. Sew each bead on with a double, waxed thread and secure it every three or four beads. Finally stitch a covered comb or headband to the underside, angled so that the piece sits slightly forward.',
    ],
    listTitle: 'You will need',
    list: [
      'Sinamay, about 30 cm square',
      'Millinery wire and bias-cut sinamay for binding',
      'One goose or pheasant feather',
      'Seed beads and bugle beads in two colours',
      'A comb or a narrow headband',
    ],
    sheets: [notes('Sketch and plan your fascinator')],
  },

  // Selling Fashion Online
  'selling-fashion-online/whatsapp-business': {
    points: ['Catalogue, labels, quick replies', 'An away message for after hours'],
  },
  'selling-fashion-online/content-calendar': {
    lead: 'Posting only when you feel inspired leads to weeks of silence and a feed that followers forget. A simple monthly content calendar keeps your brand visible without taking over your life.',
    body: [
      'Plan around your collections, the seasons and the calendar of your customers: weddings in the dry season, Easter, Sallah, Christmas, graduation and back-to-school. For each week, choose a mix of posts: products, behind the scenes in the workshop, customer stories and a clear offer or reminder.',
      'Batch the work. Take photos for the whole month in one or two sessions, write captions in one sitting and schedule what you can. Leave space for what happens in the moment, such as a client in your outfit at a wedding.',
    ],
    listTitle: 'A balanced week',
    list: [
      'Two product posts with price and how to order',
      'One behind-the-scenes post or short video',
      'One customer photo or review, with permission',
      'Daily stories: new arrivals, questions, polls',
    ],
    sheets: [
      {
        heading: 'Content calendar',
        note: 'Month: ______________________   Theme or collection: ______________________',
        head: ['Week', 'Product posts', 'Behind the scenes', 'Customer story', 'Offer or reminder'],
        rows: [['Week 1'], ['Week 2'], ['Week 3'], ['Week 4']],
      },
    ],
  },
  'selling-fashion-online/product-descriptions': {
    lead: 'Online customers cannot touch your fabric or try on your dress. A good product description answers their questions before they have to ask, and gives them the confidence to buy.',
    body: [
      'Start with what the item is and who it is for, in one clear sentence. Then give the facts: fabric, colours, sizes available, whether it is lined, how it fastens and how to care for it. Add measurements of the garment itself, not only the size label, because sizes differ between brands.',
      'Write as you would speak to a customer in your shop: warm, simple and honest. Say how long a made-to-order piece will take, and be clear about delivery costs. Avoid long blocks of text; short lines and bullet points are easier to read on a phone.',
    ],
    listTitle: 'Every description should include',
    list: [
      'Name and a one-line summary of the item',
      'Fabric, lining and care instructions',
      'Sizes and garment measurements',
      'Price, delivery time and delivery cost',
      'How to order and how to pay',
    ],
    task: 'Rewrite the descriptions of three of your products using this checklist, and compare the questions customers ask over the next two weeks.',
  },
  'selling-fashion-online/taking-payments-safely': {
    points: ['Check your bank app, not a screenshot', 'Send a receipt for every order'],
  },
  'selling-fashion-online/delivery-and-returns': {
    lead: 'The sale is not finished until the customer is happy with what arrives. Reliable delivery and a fair returns policy turn one-time buyers into loyal customers.',
    body: [
      'Within Lagos, agree rates with one or two dispatch riders you trust, and tell customers the delivery window before they pay. For other states, use a courier that gives tracking numbers and share them at once. Package every order neatly, with a thank-you card and care instructions; it costs little and customers remember it.',
      'Write your returns policy down and publish it where customers can see it before they buy. Ready-to-wear items can usually be exchanged if unworn and returned quickly; made-to-measure items are normally altered rather than refunded. Whatever your policy, apply it the same way for everyone.',
    ],
    listTitle: 'Customer care habits',
    list: [
      'Reply to every message within a working day',
      'Confirm each order in writing with price and delivery date',
      'Tell customers early if there is a delay',
      'Ask for feedback a few days after delivery',
    ],
  },

  // Fashion Photography for Sellers
  'fashion-photography-for-sellers/phone-camera-basics': {
    points: ['Clean the lens, lock the focus', 'Use a window, not direct sun'],
  },
  'fashion-photography-for-sellers/product-shot-list': {
    lead: 'A shot list is a plan of every photo you need before you start shooting. It saves time on the day and makes sure every product in your shop is shown in the same clear way.',
    body: [
      'For each product, plan a main image on a plain background that shows the whole garment from the front, then a back view, a close-up of the fabric and any detail a customer will ask about, such as embroidery, buttons or a lining. If you have a model, add one full-length and one movement shot.',
      'Keep the same background, light and framing for every product in a collection, so your shop looks tidy and professional. Number each shot on the list and tick it off as you go.',
    ],
    listTitle: 'Shots for every product',
    ordered: true,
    list: [
      'Front, full length, on a plain background',
      'Back view',
      'Close-up of the fabric',
      'Close-up of one special detail',
      'Worn by a model or styled on a dress form',
      'A lifestyle photo for social media',
    ],
  },
  'fashion-photography-for-sellers/shooting-a-flat-lay': {
    points: ['Shoot straight down from above', 'Iron first, style second'],
  },
  'fashion-photography-for-sellers/editing-and-exporting': {
    lead: 'Editing should make your photo look like the real garment on a good day, not like a different garment. Customers who receive something different from the picture do not order again.',
    body: [
      'Edit in a free app on your phone. Crop and straighten first, then adjust brightness and contrast, and correct the white balance so that white looks white. Check the colour of the garment against the real fabric, in daylight, before you save. Use the same settings for every photo in a collection so they look like a set.',
      'Export at a size that loads quickly: about 1080 pixels wide is enough for Instagram, WhatsApp and most online shops. Name files clearly, for example with the product name and the shot number, and keep the originals in a separate folder.',
    ],
    listTitle: 'Editing order',
    ordered: true,
    list: [
      'Crop and straighten',
      'Brightness and contrast',
      'White balance and colour check',
      'Remove dust and stray threads',
      'Export at 1080 pixels wide and name the file',
    ],
  },

  // Embroidery and Beadwork
  'embroidery-and-beadwork/five-essential-stitches': {
    points: ['Running, back and stem', 'Then satin and chain'],
  },
  'embroidery-and-beadwork/stitch-library': {
    lead: 'Every embroidery design, however complex, is built from a handful of basic stitches. Keep this library beside you as you work through your sampler.',
    body: [
      'Work with the fabric taut in a hoop, and use a length of thread no longer than your forearm so that it does not tangle or wear thin. Start with a small waste knot on the front, a few centimetres from where you will stitch, and cut it off once your first stitches have secured the tail on the back.',
      'Keep the back of your work neat: finish each thread by weaving it under the stitches on the back, rather than tying a knot, and do not carry threads long distances across the back where they would show through.',
    ],
    listTitle: 'Habits of good embroidery',
    list: [
      'Split stranded cotton to the number of strands the design needs',
      'Keep your stitch length even',
      'Stitch with a stabbing motion on heavy fabric',
      'Press finished work face down on a towel',
    ],
    sheets: [
      {
        heading: 'Stitch library',
        head: ['Stitch', 'Looks like', 'Use it for'],
        rows: [
          ['Running stitch', 'A dashed line', 'Outlines, quilting, gathering'],
          ['Back stitch', 'A solid, fine line', 'Lettering, fine outlines'],
          ['Stem stitch', 'A twisted rope', 'Stems, curves and flowing lines'],
          ['Satin stitch', 'A smooth, filled shape', 'Petals, leaves and small shapes'],
          ['Chain stitch', 'Linked loops', 'Bold outlines and filling'],
          ['French knot', 'A raised dot', 'Flower centres, texture'],
          ['Couching', 'A laid thread held by small stitches', 'Metallic threads and cords'],
          ['Long and short', 'A shaded fill', 'Realistic petals and shading'],
        ],
      },
    ],
  },
  'embroidery-and-beadwork/hand-beading-basics': {
    points: ['Use a double, waxed thread', 'Secure every few beads'],
  },
  'embroidery-and-beadwork/pricing-handwork': {
    lead: 'Hand embroidery and beading take many hours, and many makers undercharge because they are afraid the price will shock the client. The answer is to price by the hour and to explain the value.',
    body: [
      'Time yourself stitching a 10 cm square of the design, then work out how many squares the whole piece covers. Multiply the total hours by your hourly rate and add the cost of threads and beads. For bridal work, add extra for the risk of working on an expensive finished garment.',
      'Show clients samples and photographs of your work, and explain how long a piece takes. Offer options at different prices: a full beaded bodice, beading on the neckline only, or a beaded belt. Clients value being given a choice.',
    ],
    listTitle: 'Your price includes',
    list: [
      'Design time and preparing the fabric',
      'Stitching hours at your hourly rate',
      'Threads, beads, sequins and stabiliser',
      'A margin for risk on expensive garments',
    ],
    task: 'Time yourself on a 10 cm sample of satin stitch and of beading, and write a price for a beaded neckline using this method.',
  },

  // Children's Wear
  'childrens-wear/childrens-sizing': {
    lead: "Children's clothes are sized by age, but children grow at different rates. Always measure the child, and use the age only as a guide.",
    body: [
      'Height is the most useful measurement for children, because it decides the length of almost everything. Measure barefoot against a wall. Then take the chest, the waist and, for trousers, the hip and inside leg. For babies, the length from the shoulder to the crotch is important for rompers and bodysuits.',
      'Measuring a child takes patience. Make it a game, keep it quick, and measure over a vest or light clothes. If a child will not stand still, measure a garment that fits them well instead and note its size.',
    ],
    listTitle: 'Measure every child for',
    list: [
      'Height, barefoot',
      'Chest, under the arms',
      'Waist, at the navel for small children',
      'Shoulder to crotch, for rompers',
      'Inside leg, for trousers and shorts',
    ],
    sheets: [
      {
        heading: 'Size guide used at the Academy (centimetres)',
        note: 'A guide only: always check against the child.',
        head: ['Age', 'Height', 'Chest', 'Waist'],
        rows: [
          ['0 to 3 months', '56 to 62', '41', '41'],
          ['3 to 6 months', '62 to 68', '44', '43'],
          ['6 to 12 months', '68 to 80', '47', '45'],
          ['1 to 2 years', '80 to 92', '51', '48'],
          ['2 to 3 years', '92 to 98', '53', '50'],
          ['3 to 4 years', '98 to 104', '55', '51'],
          ['5 to 6 years', '110 to 116', '59', '54'],
          ['7 to 8 years', '122 to 128', '64', '57'],
          ['9 to 10 years', '134 to 140', '70', '60'],
          ['11 to 12 years', '146 to 152', '76', '63'],
        ],
      },
    ],
  },
  'childrens-wear/safety-first': {
    points: ['No loose buttons or long cords', 'Soft seams against the skin'],
  },
  'childrens-wear/sewing-a-romper': {
    points: ['Snap tape at the crotch', 'Bind the neckline softly'],
  },
  'childrens-wear/designing-growth-room': {
    lead: 'Children can grow several centimetres in a few months. Parents love clothes that last longer, and a few design choices make that possible without the garment looking too big.',
    body: [
      'Leave a deep hem, five to eight centimetres, on dresses, skirts and trousers, so it can be let down once or twice. Use elasticated or adjustable waists, and straps with two rows of buttons or with adjustable sliders. Raglan and kimono sleeves allow more room across the shoulders than set-in sleeves.',
      'Choose styles that look good at more than one length: a dress that becomes a tunic over leggings, or trousers that can be rolled into a cuff. Tell parents about these features when they buy; they are a strong selling point.',
    ],
    listTitle: 'Growth room features',
    list: [
      'Deep hems with a row of visible stitching to show where to let down',
      'Adjustable straps and buttoned tabs',
      'Elastic waists with a buttonhole inside to adjust the elastic',
      'Roll-up sleeves and cuffs',
      'Loose, easy shapes rather than close fitting',
    ],
  },

  // CAD and Digital Pattern Making
  'cad-digital-pattern-making/cad-workspace': {
    points: ['Units in centimetres', 'One layer for each pattern piece'],
  },
  'cad-digital-pattern-making/digitising-patterns': {
    lead: 'You do not need a digitising table to bring your paper patterns into a computer. A careful photograph or a scan, scaled correctly, is accurate enough for most work.',
    body: [
      'Lay the pattern flat on a contrasting surface, with a ruler or a 10 cm square drawn on paper beside it. Photograph it from directly above, with the phone parallel to the table, in even light. For large pieces, scan or photograph in overlapping sections and join them in the software.',
      'Import the image into your pattern software and scale it using the ruler or the square. Trace the outline with points at every corner and along curves, then add notches, grain lines and labels. Finally, measure the seam lengths on screen and compare them with the paper pattern.',
    ],
    listTitle: 'Accuracy checks',
    list: [
      'The 10 cm square measures 10 cm in both directions on screen',
      'Matching seams are the same length',
      'Curves are smooth, with no kinks between points',
      'A test print of one piece matches the paper pattern',
    ],
  },
  'cad-digital-pattern-making/grading-rules': {
    lead: 'Grading makes a range of sizes from one base pattern. In CAD, each point on the pattern moves by a set amount between sizes; these amounts are the grading rules.',
    body: [
      'We grade from a base size in the middle of the range, usually a UK 12, so that errors at the ends are as small as possible. Girth measurements grow the most, lengths much less. The increments are shared among the points: for a bust grade of 5 cm across the whole body, each quarter-pattern piece grows by 1.25 cm.',
      'Check each graded size by measuring key points on screen and comparing them with the size chart. Walk seams in every size, not only the base. Print the smallest and largest sizes at full scale and check them on a dress form before sending files to a factory.',
    ],
    listTitle: 'Grading checklist',
    list: [
      'Base size chosen and checked on a fit model',
      'Grade rules entered for every point',
      'Nested sizes viewed together for smooth growth',
      'Seams walked in every size',
      'Smallest and largest sizes tested in calico',
    ],
    sheets: [
      {
        heading: 'Grade increments used at the Academy, UK sizes 8 to 18 (cm between sizes)',
        head: ['Measurement', 'Increment', 'Notes'],
        rows: [
          ['Bust', '5.0', 'Shared across front and back'],
          ['Waist', '5.0', ''],
          ['Hip', '5.0', ''],
          ['Across back', '1.0', ''],
          ['Across chest', '1.0', ''],
          ['Shoulder length', '0.4', ''],
          ['Neck girth', '1.0', ''],
          ['Upper arm', '1.6', ''],
          ['Nape to waist', '0.5', ''],
          ['Sleeve length', '0.6', ''],
          ['Waist to floor', '1.0', 'Often kept the same for petite and tall ranges'],
        ],
      },
    ],
  },
  'cad-digital-pattern-making/marker-making': {
    points: ['Place the largest pieces first', 'Check the grain on every piece'],
  },
  'cad-digital-pattern-making/printing-tiled-patterns': {
    lead: 'Most students and small businesses print patterns on an ordinary A4 printer. With the right settings and some tape, a tiled pattern is as accurate as one from a plotter.',
    body: [
      'Export the pattern as a tiled PDF from your software, with overlap marks and a page number on each tile. In the print dialogue, choose actual size or 100 per cent scale; never fit to page. Print the page with the test square first and measure it: if it is not exactly the stated size, check your settings before printing the rest.',
      'Lay the pages out in order, trim one edge of each page along the overlap mark and tape them together, matching the lines. Work on a large table and tape across the whole seam, not only the corners.',
    ],
    listTitle: 'Printing settings',
    list: [
      'Scale: 100 per cent, actual size',
      'Paper: A4, portrait',
      'Test square printed and measured first',
      'Ink saving off, so thin lines print clearly',
    ],
  },

  // Sustainable Fashion
  'sustainable-fashion-and-upcycling/why-sustainable-fashion': {
    points: ['Textile waste ends up in our drains', 'Design it to last and be mended'],
  },
  'sustainable-fashion-and-upcycling/zero-waste-cutting': {
    lead: 'In ordinary cutting, up to a fifth of the fabric ends up on the workroom floor. Zero-waste cutting designs the garment and the layout together, so that every piece of the fabric width is used.',
    body: [
      'Start with the fabric, not the sketch. Measure its width and decide the length you will use, then draw that rectangle at a small scale on squared paper. Place the main pieces, the body and the sleeves, and fill the gaps with pieces that can use any shape: facings, pockets, belts, ties and gussets.',
      'Traditional garments are often close to zero waste already: the wrapper, the buba and the agbada are all cut largely from rectangles. Study them for ideas. Expect your first zero-waste designs to change as you work; that is part of the method.',
    ],
    listTitle: 'Zero-waste principles',
    list: [
      'Design the layout and the garment at the same time',
      'Use the full width of the fabric, selvedge to selvedge',
      'Turn leftover shapes into facings, pockets and ties',
      'Prefer gathers, pleats and drape to shaped darts',
      'Test at quarter scale on paper before cutting fabric',
    ],
    task: 'Design a simple top that uses one metre of 150 cm wide fabric with no waste, and draw its layout at quarter scale.',
  },
  'sustainable-fashion-and-upcycling/upcycling-second-hand': {
    points: ['Wash and sort by fibre', 'Take garments apart at the seams'],
  },
  'sustainable-fashion-and-upcycling/patchwork-from-offcuts': {
    lead: "Every tailor's shop produces offcuts. Sorted and stored well, they become patchwork panels for jackets, bags and children's clothes, at almost no material cost.",
    body: [
      'Sort offcuts by fibre and weight, then by colour, and keep pieces smaller than your hand for stuffing or small accessories. Press everything before you plan. Cut pieces to a few standard sizes, for example 10 cm squares and 10 by 20 cm rectangles, so that they join easily.',
      'Plan the panel on a table or a design wall before you sew. Join pieces in rows with 1 cm seams, press the seams of each row in alternate directions, then join the rows. Treat the finished panel as fabric: lay your pattern on it and cut as usual.',
    ],
    listTitle: 'Tips for good patchwork',
    list: [
      'Mix prints with plain pieces so the eye can rest',
      'Repeat one colour across the panel to tie it together',
      'Keep the fibres similar so the panel washes evenly',
      'Back loose weaves with a light interfacing',
    ],
  },
};

// ---------------------------------------------------------------------------------------------

const args = process.argv.slice(2);
const force = args.includes('--force');
const only = new Set(args.filter((arg) => !arg.startsWith('--')));

function readCourses(): Course[] {
  return readdirSync(COURSES_DIR)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => {
      const text = readFileSync(join(COURSES_DIR, name), 'utf8');
      const match = /^---\n([\s\S]*?)\n---/.exec(text);
      if (!match) throw new Error(`${COURSES_DIR}/${name}: no frontmatter`);
      const data = parse(match[1]!) as { title: string; materials: Material[] };
      return { slug: name.replace(/\.md$/, ''), title: data.title, materials: data.materials };
    });
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Greedy word wrap to at most `width` characters a line. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

// --- PDFs ------------------------------------------------------------------------------------

/** A row of adire tiles; squares, because Chromium writes every circle out as a long run of curves. */
const ADIRE_ROW = `<svg class="adire" viewBox="0 0 360 20" width="360" height="20" aria-hidden="true">${Array.from(
  { length: 15 },
  (_, i) =>
    `<rect x="${2 + i * 24}" y="2" width="16" height="16" fill="none" stroke="${i % 3 === 1 ? '#b45309' : '#1d4ed8'}" stroke-width="2"/><rect x="${7 + i * 24}" y="7" width="6" height="6" fill="#1e1b4b"/>`,
).join('')}</svg>`;

const CSS = `
@page { size: A4; margin: 16mm 18mm 20mm; }
* { box-sizing: border-box; }
body { margin: 0; font-family: 'DejaVu Sans', sans-serif; font-size: 10pt; line-height: 1.55; color: #1e1b4b; }
.adire { display: block; margin-bottom: 10pt; }
.eyebrow { font-size: 8pt; letter-spacing: .08em; text-transform: uppercase; color: #b45309; margin: 0; }
h1 { font-family: 'DejaVu Serif', serif; font-size: 20pt; line-height: 1.2; margin: 4pt 0 2pt; color: #1e1b4b; }
.meta { font-size: 8.5pt; color: #312e81; margin: 0 0 12pt; padding-bottom: 8pt; border-bottom: 2pt solid #b45309; }
.lead { font-size: 11pt; color: #312e81; }
h2 { font-family: 'DejaVu Serif', serif; font-size: 12.5pt; margin: 14pt 0 4pt; }
p { margin: 0 0 8pt; }
ul, ol { margin: 0 0 10pt; padding-left: 18pt; }
li { margin-bottom: 3pt; }
.task { margin-top: 14pt; padding: 8pt 12pt; border-left: 4pt solid #b45309; background: #fdf6ec; }
.task strong { display: block; color: #b45309; }
.sheet { break-before: page; }
.sheet h2 { margin-top: 0; font-size: 15pt; }
table { width: 100%; border-collapse: collapse; margin-top: 8pt; font-size: 9.5pt; }
th { text-align: left; background: #312e81; color: #fdf6ec; padding: 5pt 6pt; font-weight: bold; }
th:first-child { width: 30%; }
td { border: 0.75pt solid #a5a3c8; padding: 0 6pt; height: 26pt; vertical-align: middle; }
.line { border-bottom: 0.75pt solid #a5a3c8; height: 28pt; }
`;

function sheetHtml(sheet: Sheet): string {
  const note = sheet.note ? `<p>${escapeHtml(sheet.note)}</p>` : '';
  if ('lines' in sheet)
    return `<section class="sheet"><h2>${escapeHtml(sheet.heading)}</h2>${note}${'<div class="line"></div>'.repeat(sheet.lines)}</section>`;
  const head = sheet.head.map((cell) => `<th scope="col">${escapeHtml(cell)}</th>`).join('');
  const rows = sheet.rows.map((row) => `<tr>${sheet.head.map((_, i) => `<td>${escapeHtml(row[i] ?? '')}</td>`).join('')}</tr>`).join('');
  return `<section class="sheet"><h2>${escapeHtml(sheet.heading)}</h2>${note}<table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></section>`;
}

function handoutHtml(course: Course, material: Material, index: number, handout: Handout): string {
  const list = handout.list.map((item) => `<li>${escapeHtml(item)}</li>`).join('');
  const listTag = handout.ordered ? 'ol' : 'ul';
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(material.title)} | ${escapeHtml(course.title)}</title><style>${CSS}</style></head><body>
<main>${ADIRE_ROW}
<p class="eyebrow">Adire Fashion Academy · Lesson handout</p>
<h1>${escapeHtml(material.title)}</h1>
<p class="meta">${escapeHtml(course.title)} · Material ${index + 1} of ${course.materials.length}</p>
<p class="lead">${escapeHtml(handout.lead)}</p>
${handout.body.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
<h2>${escapeHtml(handout.listTitle)}</h2>
<${listTag}>${list}</${listTag}>
${handout.task ? `<div class="task"><strong>Practice task</strong>${escapeHtml(handout.task)}</div>` : ''}
${(handout.sheets ?? []).map(sheetHtml).join('\n')}
</main></body></html>`;
}

const footer = (course: Course) =>
  `<div style="width:100%;font-family:'DejaVu Sans',sans-serif;font-size:7pt;color:#312e81;padding:0 18mm;display:flex;justify-content:space-between"><span>Adire Fashion Academy · ${escapeHtml(course.title)} · For enrolled students only</span><span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`;

const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []).length;

/** Chromium stamps the time into the PDF; a fixed date keeps re-runs byte-identical (same length, so offsets hold). */
const fixDates = (pdf: Buffer) => Buffer.from(pdf.toString('latin1').replace(/D:\d{14}/g, 'D:20250101000000'), 'latin1');

async function makePdf(browser: Browser, course: Course, material: Material, index: number, handout: Handout, out: string) {
  const page = await browser.newPage();
  try {
    await page.setContent(handoutHtml(course, material, index, handout), { waitUntil: 'load' });
    const pdf = await page.pdf({
      format: 'A4',
      printBackground: true,
      preferCSSPageSize: true,
      displayHeaderFooter: true,
      headerTemplate: '<span></span>',
      footerTemplate: footer(course),
      tagged: true,
    });
    writeFileSync(out, fixDates(pdf));
  } finally {
    await page.close();
  }
}

// --- Videos ----------------------------------------------------------------------------------

function findFont(pattern: string): string | undefined {
  const result = spawnSync('fc-match', ['-f', '%{file}', pattern], { encoding: 'utf8' });
  const file = result.stdout?.trim();
  return file && existsSync(file) ? file : undefined;
}

const ffmpegFilters = spawnSync('ffmpeg', ['-hide_banner', '-filters'], { encoding: 'utf8' });
const FONT_BOLD = findFont('DejaVu Sans:style=Bold');
const FONT_REGULAR = findFont('DejaVu Sans');
/** drawtext needs libfreetype and a font; without them the slides keep their shapes and lose their words. */
const CAN_DRAW_TEXT = /\bdrawtext\b/.test(ffmpegFilters.stdout ?? '') && !!FONT_BOLD && !!FONT_REGULAR;

type Text = { text: string; size: number; colour: string; x: number | string; y: number | string; bold?: boolean };
type Box = { x: number; y: number; w: number; h: number; colour: string; thickness?: number };

function slideFilter(tmp: string, id: string, frames: number, boxes: Box[], texts: Text[]): string {
  const parts = [`trim=end_frame=${frames}`, 'setpts=PTS-STARTPTS'];
  for (const b of boxes) parts.push(`drawbox=x=${b.x}:y=${b.y}:w=${b.w}:h=${b.h}:color=${b.colour}:t=${b.thickness ?? 'fill'}`);
  if (CAN_DRAW_TEXT)
    texts.forEach((t, i) => {
      // drawtext reads the words from a file, so no quoting or escaping of punctuation is needed.
      const file = join(tmp, `${id}-${i}.txt`);
      writeFileSync(file, t.text);
      parts.push(
        `drawtext=fontfile=${t.bold ? FONT_BOLD : FONT_REGULAR}:textfile=${file}:expansion=none:fontsize=${t.size}:fontcolor=${t.colour}:x=${t.x}:y=${t.y}`,
      );
    });
  parts.push(`fade=t=in:s=0:n=${FADE_FRAMES}`, `fade=t=out:s=${frames - FADE_FRAMES}:n=${FADE_FRAMES}`, 'format=yuv420p');
  return parts.join(',');
}

/** A row of adire tiles: outlined squares with a dot in the middle. */
const tileColumn = (x: number, colour: string, dot: string): Box[] =>
  Array.from({ length: 9 }, (_, k) => [
    { x, y: 16 + k * 38, w: 24, h: 24, colour, thickness: 2 },
    { x: x + 8, y: 24 + k * 38, w: 8, h: 8, colour: dot },
  ]).flat();
const tileRow = (y: number, colour: string, count = 13): Box[] =>
  Array.from({ length: count }, (_, k) => ({ x: 56 + k * 42, y, w: 20, h: 20, colour, thickness: k % 2 ? 2 : undefined }));

function pointSlide(tmp: string, id: string, frames: number, n: number, point: string, lesson: string, theme: 'indigo' | 'blue') {
  const [boxColour, numberColour, rowColour] =
    theme === 'indigo' ? ['0xb45309', '0xffffff', '0xfdf6ec@0.3'] : ['0xfdf6ec', '0x1e1b4b', '0xb45309@0.8'];
  const lines = wrap(point, 25).slice(0, 3);
  const top = 180 - (lines.length * 38) / 2;
  return slideFilter(
    tmp,
    id,
    frames,
    [
      { x: 56, y: 132, w: 96, h: 96, colour: boxColour },
      { x: 190, y: top - 30, w: 48, h: 4, colour: '0xb45309' },
      ...tileRow(300, rowColour),
    ],
    [
      { text: lesson, size: 14, colour: '0xfdf6ec@0.75', x: 56, y: 36 },
      { text: String(n), size: 60, colour: numberColour, x: `56+(96-text_w)/2`, y: `132+(96-text_h)/2`, bold: true },
      ...lines.map((line, i) => ({ text: line, size: 28, colour: '0xffffff', x: 190, y: top + i * 38, bold: true })),
    ],
  );
}

function makeVideo(course: Course, material: Material, index: number, text: VideoText, out: string) {
  const tmp = mkdtempSync(join(tmpdir(), 'materials-'));
  try {
    // Three slides of equal length: at 15 fps each lasts 5 frames per second of `length`.
    const frames = (material.length * FPS) / 3;
    const titleLines = wrap(material.title, 24).slice(0, 3);
    const courseLines = wrap(course.title, 48).slice(0, 2);
    const ruleY = 96 + titleLines.length * 42 + 10;
    const title = slideFilter(
      tmp,
      'title',
      frames,
      [
        { x: 0, y: 0, w: 84, h: H, colour: '0x312e81' },
        ...tileColumn(30, '0xfdf6ec@0.6', '0xb45309'),
        { x: 112, y: ruleY, w: 64, h: 5, colour: '0xb45309' },
      ],
      [
        { text: 'ADIRE FASHION ACADEMY', size: 13, colour: '0xfdf6ec@0.75', x: 112, y: 40 },
        ...titleLines.map((line, i) => ({ text: line, size: 32, colour: '0xffffff', x: 112, y: 96 + i * 42, bold: true })),
        ...courseLines.map((line, i) => ({ text: line, size: 17, colour: '0xfdf6ec', x: 112, y: ruleY + 22 + i * 24 })),
        { text: `Material ${index + 1} of ${course.materials.length} · video`, size: 14, colour: '0xfdf6ec@0.7', x: 112, y: 318 },
      ],
    );
    const one = pointSlide(tmp, 'one', frames, 1, text.points[0], material.title, 'indigo');
    const two = pointSlide(tmp, 'two', frames, 2, text.points[1], material.title, 'blue');
    const colours = ['0x1e1b4b', '0x312e81', '0x1d4ed8'];
    const inputs = colours.flatMap((c) => ['-f', 'lavfi', '-i', `color=c=${c}:s=${W}x${H}:r=${FPS}`]);
    const graph = `[0:v]${title}[a];[1:v]${one}[b];[2:v]${two}[c];[a][b][c]concat=n=3:v=1:a=0[v]`;
    const result = spawnSync(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-y', ...inputs, '-filter_complex', graph, '-map', '[v]'],
        ...['-c:v', 'libx264', '-profile:v', 'high', '-preset', 'slow', '-tune', 'stillimage', '-crf', '27', '-pix_fmt', 'yuv420p'],
        ...[
          '-r',
          String(FPS),
          '-an',
          '-map_metadata',
          '-1',
          '-fflags',
          '+bitexact',
          '-flags:v',
          '+bitexact',
          '-movflags',
          '+faststart',
          out,
        ],
      ],
      { encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(`ffmpeg failed for ${out}: ${result.stderr || result.error?.message}`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

function videoSeconds(file: string): number {
  const result = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' });
  return Number(result.stdout.trim());
}

// --- Main ------------------------------------------------------------------------------------

const courses = readCourses().filter((course) => only.size === 0 || only.has(course.slug));
const problems: string[] = [];
const known = new Set(courses.flatMap((course) => course.materials.map((m) => `${course.slug}/${m.id}`)));
if (only.size === 0)
  for (const key of Object.keys(LESSONS)) if (!known.has(key)) problems.push(`LESSONS has text for ${key}, which no course lists`);

let browser: Browser | undefined;
let made = 0;
let kept = 0;
let bytes = 0;
try {
  for (const course of courses) {
    const dir = join(MATERIALS_DIR, course.slug);
    mkdirSync(dir, { recursive: true });
    for (const [index, material] of course.materials.entries()) {
      const key = `${course.slug}/${material.id}`;
      const out = join(dir, material.file);
      const text = LESSONS[key];
      const expected = material.kind === 'video' ? '.mp4' : '.pdf';
      if (!material.file.endsWith(expected)) {
        problems.push(`${key}: a ${material.kind} must be a ${expected} file, not ${material.file}`);
        continue;
      }
      if (!text || 'points' in text !== (material.kind === 'video')) {
        problems.push(`${key}: no ${material.kind === 'video' ? 'video points' : 'handout'} in LESSONS`);
        continue;
      }
      if (existsSync(out) && !force) kept++;
      else {
        if ('points' in text) makeVideo(course, material, index, text, out);
        else {
          browser ??= await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
          await makePdf(browser, course, material, index, text, out);
        }
        made++;
        console.log(`made ${out}`);
      }
      const size = statSync(out).size;
      bytes += size;
      if (material.kind === 'pdf') {
        const pages = pageCount(readFileSync(out));
        if (pages !== material.length) problems.push(`${out}: ${pages} page(s), but the course says length ${material.length}`);
        if (size > MAX_PDF_BYTES) problems.push(`${out}: ${size} bytes, over ${MAX_PDF_BYTES}`);
      } else {
        const seconds = videoSeconds(out);
        if (Math.abs(seconds - material.length) > 0.25)
          problems.push(`${out}: ${seconds} s, but the course says length ${material.length}`);
        if (size > MAX_VIDEO_BYTES) problems.push(`${out}: ${size} bytes, over ${MAX_VIDEO_BYTES}`);
      }
    }
    const listed = new Set(course.materials.map((m) => m.file));
    for (const file of readdirSync(dir)) if (!listed.has(file)) problems.push(`${join(dir, file)} is not listed in the course`);
  }
} finally {
  await browser?.close();
}

console.log(`${made} made, ${kept} kept; ${courses.length} courses, ${(bytes / 1e6).toFixed(2)} MB of materials`);
if (!CAN_DRAW_TEXT) console.warn('ffmpeg drawtext or a DejaVu font is missing: videos were drawn without words');
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
