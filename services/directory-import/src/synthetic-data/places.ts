import type { StateCode } from '@healthtal/contracts';

/** A city people practise in: its weight in the state and the area codes its numbers are dialled with. */
export type City = { name: string; weight: number; areaCodes: readonly string[] };

export type StatePlaces = {
  /** 2020 census population in millions: how often the state is drawn. */
  population: number;
  /**
   * Real cities, spelled as the USPS (and so the NPI registry) spells them ("Saint Louis", "Winston
   * Salem"): their ZIP codes come from the `zipcodes` package under that name (synthetic-places.ts).
   */
  cities: readonly City[];
};

const s = (population: number, cities: [string, number, string][]): StatePlaces => ({
  population,
  cities: cities.map(([name, weight, codes]) => ({ name, weight, areaCodes: codes.split(' ') })),
});

/**
 * Every state plus DC, weighted by population, so CA, TX, FL and NY lead and WY and VT trail; each
 * city with a rough weight (its share of the state's healthcare workforce) and the area codes in use
 * there, overlays included (NANPA's area code maps and its list of NPA assignments by location,
 * https://nationalnanpa.com/area_codes/ ; an overlay added since 2022 is left out). The numbers
 * themselves are 555-01xx, which the NANP keeps for fiction.
 */
// biome-ignore format: a data table reads best one state per line
export const PLACES: Record<StateCode, StatePlaces> = {
  AL: s(5.0, [['Birmingham', 5, '205 659'], ['Huntsville', 3, '256 938'], ['Mobile', 3, '251'], ['Montgomery', 3, '334'], ['Tuscaloosa', 1, '205 659']]),
  AK: s(0.73, [['Anchorage', 6, '907'], ['Fairbanks', 2, '907'], ['Juneau', 1, '907']]),
  AZ: s(7.2, [['Phoenix', 8, '602 480 623'], ['Tucson', 4, '520'], ['Mesa', 2, '480'], ['Scottsdale', 2, '480'], ['Flagstaff', 1, '928']]),
  AR: s(3.0, [['Little Rock', 5, '501'], ['Fayetteville', 2, '479'], ['Fort Smith', 2, '479'], ['Jonesboro', 1, '870']]),
  CA: s(39.5, [['Los Angeles', 10, '213 323 310 424 818 747'], ['San Diego', 5, '619 858'], ['San Francisco', 4, '415 628'], ['San Jose', 3, '408 669'], ['Sacramento', 3, '916 279'], ['Fresno', 2, '559'], ['Oakland', 2, '510 341'], ['Long Beach', 1, '562'], ['Irvine', 1, '949'], ['Riverside', 1, '951']]),
  CO: s(5.8, [['Denver', 6, '303 720'], ['Colorado Springs', 3, '719'], ['Aurora', 2, '303 720'], ['Fort Collins', 1, '970'], ['Boulder', 1, '303 720']]),
  CT: s(3.6, [['Hartford', 4, '860 959'], ['New Haven', 4, '203 475'], ['Bridgeport', 2, '203 475'], ['Stamford', 2, '203 475'], ['Waterbury', 1, '203 475']]),
  DE: s(0.99, [['Wilmington', 4, '302'], ['Dover', 2, '302'], ['Newark', 1, '302']]),
  DC: s(0.69, [['Washington', 1, '202']]),
  FL: s(21.5, [['Miami', 6, '305 786'], ['Tampa', 4, '813'], ['Orlando', 4, '407 321 689'], ['Jacksonville', 4, '904'], ['Fort Lauderdale', 2, '954 754'], ['Gainesville', 1, '352'], ['Tallahassee', 1, '850'], ['Saint Petersburg', 1, '727']]),
  GA: s(10.7, [['Atlanta', 8, '404 470 678 770'], ['Augusta', 2, '706 762'], ['Savannah', 2, '912'], ['Macon', 1, '478'], ['Columbus', 1, '706 762'], ['Athens', 1, '706 762']]),
  HI: s(1.46, [['Honolulu', 6, '808'], ['Hilo', 1, '808'], ['Kailua', 1, '808']]),
  ID: s(1.84, [['Boise', 5, '208 986'], ['Idaho Falls', 1, '208 986'], ['Nampa', 1, '208 986'], ['Pocatello', 1, '208 986']]),
  IL: s(12.8, [['Chicago', 10, '312 773 872'], ['Springfield', 2, '217 447'], ['Peoria', 2, '309'], ['Rockford', 1, '815 779'], ['Naperville', 1, '630 331'], ['Evanston', 1, '847 224']]),
  IN: s(6.8, [['Indianapolis', 7, '317 463'], ['Fort Wayne', 2, '260'], ['Evansville', 2, '812 930'], ['South Bend', 1, '574'], ['Bloomington', 1, '812 930']]),
  IA: s(3.2, [['Des Moines', 4, '515'], ['Iowa City', 2, '319'], ['Cedar Rapids', 2, '319'], ['Davenport', 1, '563'], ['Sioux City', 1, '712']]),
  KS: s(2.9, [['Wichita', 4, '316'], ['Kansas City', 2, '913'], ['Topeka', 2, '785'], ['Overland Park', 2, '913'], ['Lawrence', 1, '785']]),
  KY: s(4.5, [['Louisville', 6, '502'], ['Lexington', 4, '859'], ['Bowling Green', 1, '270 364'], ['Owensboro', 1, '270 364']]),
  LA: s(4.66, [['New Orleans', 5, '504'], ['Baton Rouge', 4, '225'], ['Shreveport', 2, '318'], ['Lafayette', 2, '337'], ['Lake Charles', 1, '337']]),
  ME: s(1.36, [['Portland', 4, '207'], ['Bangor', 2, '207'], ['Lewiston', 1, '207'], ['Augusta', 1, '207']]),
  MD: s(6.2, [['Baltimore', 7, '410 443 667'], ['Bethesda', 2, '301 240'], ['Columbia', 1, '410 443 667'], ['Silver Spring', 1, '301 240'], ['Annapolis', 1, '410 443 667']]),
  MA: s(7.0, [['Boston', 9, '617 857'], ['Worcester', 2, '508 774'], ['Springfield', 2, '413'], ['Cambridge', 1, '617 857'], ['Lowell', 1, '978 351']]),
  MI: s(10.1, [['Detroit', 6, '313'], ['Grand Rapids', 3, '616'], ['Ann Arbor', 3, '734'], ['Lansing', 2, '517'], ['Kalamazoo', 1, '269'], ['Flint', 1, '810']]),
  MN: s(5.7, [['Minneapolis', 6, '612'], ['Rochester', 3, '507'], ['Saint Paul', 3, '651'], ['Duluth', 1, '218'], ['Saint Cloud', 1, '320']]),
  MS: s(2.96, [['Jackson', 4, '601 769'], ['Gulfport', 2, '228'], ['Hattiesburg', 1, '601 769'], ['Tupelo', 1, '662']]),
  MO: s(6.15, [['Saint Louis', 6, '314'], ['Kansas City', 5, '816'], ['Springfield', 2, '417'], ['Columbia', 2, '573']]),
  MT: s(1.08, [['Billings', 3, '406'], ['Missoula', 2, '406'], ['Great Falls', 1, '406'], ['Bozeman', 1, '406']]),
  NE: s(1.96, [['Omaha', 5, '402 531'], ['Lincoln', 3, '402 531'], ['Kearney', 1, '308']]),
  NV: s(3.1, [['Las Vegas', 7, '702 725'], ['Reno', 3, '775'], ['Henderson', 2, '702 725']]),
  NH: s(1.38, [['Manchester', 3, '603'], ['Nashua', 2, '603'], ['Lebanon', 2, '603'], ['Concord', 1, '603']]),
  NJ: s(9.3, [['Newark', 4, '973 862'], ['Hackensack', 3, '201 551'], ['New Brunswick', 3, '732 848'], ['Camden', 2, '856'], ['Jersey City', 2, '201 551'], ['Morristown', 1, '973 862']]),
  NM: s(2.12, [['Albuquerque', 6, '505'], ['Santa Fe', 2, '505'], ['Las Cruces', 2, '575']]),
  NY: s(20.2, [['New York', 12, '212 646 332 917'], ['Brooklyn', 3, '718 347 929'], ['Buffalo', 2, '716'], ['Rochester', 2, '585'], ['Albany', 2, '518 838'], ['Syracuse', 1, '315 680'], ['Bronx', 2, '718 347 929'], ['Flushing', 2, '718 347 929']]),
  NC: s(10.4, [['Charlotte', 5, '704 980'], ['Raleigh', 4, '919 984'], ['Durham', 3, '919 984'], ['Greensboro', 2, '336 743'], ['Winston Salem', 2, '336 743'], ['Asheville', 1, '828'], ['Chapel Hill', 1, '919 984']]),
  ND: s(0.78, [['Fargo', 3, '701'], ['Bismarck', 2, '701'], ['Grand Forks', 1, '701']]),
  OH: s(11.8, [['Columbus', 5, '614 380'], ['Cleveland', 5, '216'], ['Cincinnati', 4, '513'], ['Toledo', 2, '419 567'], ['Akron', 2, '330 234'], ['Dayton', 2, '937 326']]),
  OK: s(3.96, [['Oklahoma City', 5, '405'], ['Tulsa', 4, '918 539'], ['Norman', 1, '405'], ['Lawton', 1, '580']]),
  OR: s(4.24, [['Portland', 6, '503 971'], ['Eugene', 2, '541 458'], ['Salem', 2, '503 971'], ['Medford', 1, '541 458'], ['Bend', 1, '541 458']]),
  PA: s(13.0, [['Philadelphia', 7, '215 267 445'], ['Pittsburgh', 5, '412 878'], ['Allentown', 1, '610 484'], ['Harrisburg', 1, '717 223'], ['Hershey', 1, '717 223'], ['Erie', 1, '814'], ['Scranton', 1, '570 272']]),
  RI: s(1.1, [['Providence', 4, '401'], ['Warwick', 1, '401'], ['Cranston', 1, '401']]),
  SC: s(5.1, [['Charleston', 4, '843 854'], ['Columbia', 4, '803'], ['Greenville', 3, '864'], ['Spartanburg', 1, '864'], ['Myrtle Beach', 1, '843 854']]),
  SD: s(0.89, [['Sioux Falls', 4, '605'], ['Rapid City', 2, '605'], ['Aberdeen', 1, '605']]),
  TN: s(6.9, [['Nashville', 6, '615 629'], ['Memphis', 5, '901'], ['Knoxville', 3, '865'], ['Chattanooga', 2, '423'], ['Johnson City', 1, '423']]),
  TX: s(29.1, [['Houston', 9, '713 281 832 346'], ['Dallas', 7, '214 469 972 945'], ['San Antonio', 5, '210'], ['Austin', 4, '512 737'], ['Fort Worth', 3, '817 682'], ['El Paso', 2, '915'], ['Lubbock', 1, '806'], ['Galveston', 1, '409'], ['Plano', 1, '972 469 214'], ['Corpus Christi', 1, '361']]),
  UT: s(3.27, [['Salt Lake City', 6, '801 385'], ['Provo', 2, '801 385'], ['Ogden', 2, '801 385'], ['Saint George', 1, '435']]),
  VT: s(0.64, [['Burlington', 4, '802'], ['Rutland', 1, '802'], ['Montpelier', 1, '802']]),
  VA: s(8.6, [['Richmond', 4, '804'], ['Norfolk', 3, '757'], ['Virginia Beach', 2, '757'], ['Charlottesville', 2, '434'], ['Roanoke', 2, '540'], ['Fairfax', 2, '703 571'], ['Arlington', 1, '703 571']]),
  WA: s(7.7, [['Seattle', 7, '206'], ['Spokane', 3, '509'], ['Tacoma', 3, '253'], ['Vancouver', 1, '360 564'], ['Everett', 1, '425'], ['Bellevue', 1, '425']]),
  WV: s(1.79, [['Charleston', 3, '304 681'], ['Morgantown', 3, '304 681'], ['Huntington', 2, '304 681'], ['Wheeling', 1, '304 681']]),
  WI: s(5.9, [['Milwaukee', 6, '414'], ['Madison', 4, '608'], ['Green Bay', 2, '920'], ['La Crosse', 1, '608'], ['Eau Claire', 1, '715 534']]),
  WY: s(0.58, [['Cheyenne', 3, '307'], ['Casper', 2, '307'], ['Laramie', 1, '307'], ['Jackson', 1, '307']]),
};

/**
 * The states that border each one (DC with Maryland and Virginia; Alaska and Hawaii with the
 * states their clinicians most often also hold a licence in): where a second licence is most often held.
 */
// biome-ignore format: a data table reads best packed
export const NEIGHBOURS: Record<StateCode, readonly StateCode[]> = {
  AL: ['FL', 'GA', 'MS', 'TN'], AK: ['WA', 'OR'], AZ: ['CA', 'CO', 'NM', 'NV', 'UT'], AR: ['LA', 'MO', 'MS', 'OK', 'TN', 'TX'],
  CA: ['AZ', 'NV', 'OR'], CO: ['AZ', 'KS', 'NE', 'NM', 'OK', 'UT', 'WY'], CT: ['MA', 'NY', 'RI'], DE: ['MD', 'NJ', 'PA'],
  DC: ['MD', 'VA'], FL: ['AL', 'GA'], GA: ['AL', 'FL', 'NC', 'SC', 'TN'], HI: ['CA', 'WA'], ID: ['MT', 'NV', 'OR', 'UT', 'WA', 'WY'],
  IL: ['IA', 'IN', 'KY', 'MO', 'WI'], IN: ['IL', 'KY', 'MI', 'OH'], IA: ['IL', 'MN', 'MO', 'NE', 'SD', 'WI'], KS: ['CO', 'MO', 'NE', 'OK'],
  KY: ['IL', 'IN', 'MO', 'OH', 'TN', 'VA', 'WV'], LA: ['AR', 'MS', 'TX'], ME: ['NH', 'MA'], MD: ['DE', 'PA', 'VA', 'WV', 'DC'],
  MA: ['CT', 'NH', 'NY', 'RI', 'VT'], MI: ['IN', 'OH', 'WI'], MN: ['IA', 'ND', 'SD', 'WI'], MS: ['AL', 'AR', 'LA', 'TN'],
  MO: ['AR', 'IA', 'IL', 'KS', 'KY', 'NE', 'OK', 'TN'], MT: ['ID', 'ND', 'SD', 'WY'], NE: ['CO', 'IA', 'KS', 'MO', 'SD', 'WY'],
  NV: ['AZ', 'CA', 'ID', 'OR', 'UT'], NH: ['MA', 'ME', 'VT'], NJ: ['DE', 'NY', 'PA'], NM: ['AZ', 'CO', 'OK', 'TX', 'UT'],
  NY: ['CT', 'MA', 'NJ', 'PA', 'VT'], NC: ['GA', 'SC', 'TN', 'VA'], ND: ['MN', 'MT', 'SD'], OH: ['IN', 'KY', 'MI', 'PA', 'WV'],
  OK: ['AR', 'CO', 'KS', 'MO', 'NM', 'TX'], OR: ['CA', 'ID', 'NV', 'WA'], PA: ['DE', 'MD', 'NJ', 'NY', 'OH', 'WV'], RI: ['CT', 'MA'],
  SC: ['GA', 'NC'], SD: ['IA', 'MN', 'MT', 'ND', 'NE', 'WY'], TN: ['AL', 'AR', 'GA', 'KY', 'MO', 'MS', 'NC', 'VA'], TX: ['AR', 'LA', 'NM', 'OK'],
  UT: ['AZ', 'CO', 'ID', 'NV', 'NM', 'WY'], VT: ['MA', 'NH', 'NY'], VA: ['KY', 'MD', 'NC', 'TN', 'WV', 'DC'], WA: ['ID', 'OR'],
  WV: ['KY', 'MD', 'OH', 'PA', 'VA'], WI: ['IA', 'IL', 'MI', 'MN'], WY: ['CO', 'ID', 'MT', 'NE', 'SD', 'UT'],
};
