import type { StateCode } from '@healthtal/contracts';

export type StatePlaces = {
  /** 2020 census population in millions: how often the state is drawn. */
  population: number;
  /** Real cities with a rough weight (their share of the state's healthcare workforce). */
  cities: readonly (readonly [name: string, weight: number])[];
  /** Real area codes of the state; the numbers themselves are 555-01xx, which the NANP keeps fictional. */
  areaCodes: readonly string[];
  /** The state's range of 3-digit ZIP prefixes. */
  zip: readonly [from: number, to: number];
};

const s = (
  population: number,
  cities: [string, number][],
  areaCodes: string,
  zip: [number, number],
): StatePlaces => ({ population, cities, areaCodes: areaCodes.split(' '), zip });

/** Every state plus DC, weighted by population, so CA, TX, FL and NY lead and WY and VT trail. */
// biome-ignore format: a data table reads best one state per line
export const PLACES: Record<StateCode, StatePlaces> = {
  AL: s(5.0, [['Birmingham', 5], ['Huntsville', 3], ['Mobile', 3], ['Montgomery', 3], ['Tuscaloosa', 1]], '205 251 256 334', [350, 369]),
  AK: s(0.73, [['Anchorage', 6], ['Fairbanks', 2], ['Juneau', 1]], '907', [995, 999]),
  AZ: s(7.2, [['Phoenix', 8], ['Tucson', 4], ['Mesa', 2], ['Scottsdale', 2], ['Flagstaff', 1]], '480 520 602 623 928', [850, 865]),
  AR: s(3.0, [['Little Rock', 5], ['Fayetteville', 2], ['Fort Smith', 2], ['Jonesboro', 1]], '479 501 870', [716, 729]),
  CA: s(39.5, [['Los Angeles', 10], ['San Diego', 5], ['San Francisco', 4], ['San Jose', 3], ['Sacramento', 3], ['Fresno', 2], ['Oakland', 2], ['Long Beach', 1], ['Irvine', 1], ['Riverside', 1]], '209 213 310 408 415 510 559 619 626 714 818 916 949', [900, 961]),
  CO: s(5.8, [['Denver', 6], ['Colorado Springs', 3], ['Aurora', 2], ['Fort Collins', 1], ['Boulder', 1]], '303 719 720 970', [800, 816]),
  CT: s(3.6, [['Hartford', 4], ['New Haven', 4], ['Bridgeport', 2], ['Stamford', 2], ['Waterbury', 1]], '203 475 860', [60, 69]),
  DE: s(0.99, [['Wilmington', 4], ['Dover', 2], ['Newark', 1]], '302', [197, 199]),
  DC: s(0.69, [['Washington', 1]], '202', [200, 205]),
  FL: s(21.5, [['Miami', 6], ['Tampa', 4], ['Orlando', 4], ['Jacksonville', 4], ['Fort Lauderdale', 2], ['Gainesville', 1], ['Tallahassee', 1], ['St. Petersburg', 1]], '305 321 352 407 561 727 786 813 850 904 954', [320, 349]),
  GA: s(10.7, [['Atlanta', 8], ['Augusta', 2], ['Savannah', 2], ['Macon', 1], ['Columbus', 1], ['Athens', 1]], '229 404 470 478 678 706 770 912', [300, 319]),
  HI: s(1.46, [['Honolulu', 6], ['Hilo', 1], ['Kailua', 1]], '808', [967, 968]),
  ID: s(1.84, [['Boise', 5], ['Idaho Falls', 1], ['Coeur d\'Alene', 1], ['Pocatello', 1]], '208 986', [832, 838]),
  IL: s(12.8, [['Chicago', 10], ['Springfield', 2], ['Peoria', 2], ['Rockford', 1], ['Naperville', 1], ['Evanston', 1]], '217 309 312 630 708 773 815 847', [600, 629]),
  IN: s(6.8, [['Indianapolis', 7], ['Fort Wayne', 2], ['Evansville', 2], ['South Bend', 1], ['Bloomington', 1]], '219 260 317 574 765 812', [460, 479]),
  IA: s(3.2, [['Des Moines', 4], ['Iowa City', 2], ['Cedar Rapids', 2], ['Davenport', 1], ['Sioux City', 1]], '319 515 563 641 712', [500, 528]),
  KS: s(2.9, [['Wichita', 4], ['Kansas City', 2], ['Topeka', 2], ['Overland Park', 2], ['Lawrence', 1]], '316 620 785 913', [660, 679]),
  KY: s(4.5, [['Louisville', 6], ['Lexington', 4], ['Bowling Green', 1], ['Owensboro', 1]], '270 502 606 859', [400, 427]),
  LA: s(4.66, [['New Orleans', 5], ['Baton Rouge', 4], ['Shreveport', 2], ['Lafayette', 2], ['Lake Charles', 1]], '225 318 337 504 985', [700, 714]),
  ME: s(1.36, [['Portland', 4], ['Bangor', 2], ['Lewiston', 1], ['Augusta', 1]], '207', [39, 49]),
  MD: s(6.2, [['Baltimore', 7], ['Bethesda', 2], ['Columbia', 1], ['Silver Spring', 1], ['Annapolis', 1]], '240 301 410 443', [206, 219]),
  MA: s(7.0, [['Boston', 9], ['Worcester', 2], ['Springfield', 2], ['Cambridge', 1], ['Lowell', 1]], '339 413 508 617 774 781 978', [10, 27]),
  MI: s(10.1, [['Detroit', 6], ['Grand Rapids', 3], ['Ann Arbor', 3], ['Lansing', 2], ['Kalamazoo', 1], ['Flint', 1]], '231 248 269 313 517 586 616 734 810', [480, 499]),
  MN: s(5.7, [['Minneapolis', 6], ['Rochester', 3], ['St. Paul', 3], ['Duluth', 1], ['St. Cloud', 1]], '218 320 507 612 651 763 952', [550, 567]),
  MS: s(2.96, [['Jackson', 4], ['Gulfport', 2], ['Hattiesburg', 1], ['Tupelo', 1]], '228 601 662 769', [386, 397]),
  MO: s(6.15, [['St. Louis', 6], ['Kansas City', 5], ['Springfield', 2], ['Columbia', 2]], '314 417 573 636 816', [630, 658]),
  MT: s(1.08, [['Billings', 3], ['Missoula', 2], ['Great Falls', 1], ['Bozeman', 1]], '406', [590, 599]),
  NE: s(1.96, [['Omaha', 5], ['Lincoln', 3], ['Kearney', 1]], '308 402 531', [680, 693]),
  NV: s(3.1, [['Las Vegas', 7], ['Reno', 3], ['Henderson', 2]], '702 725 775', [889, 898]),
  NH: s(1.38, [['Manchester', 3], ['Nashua', 2], ['Lebanon', 2], ['Concord', 1]], '603', [30, 38]),
  NJ: s(9.3, [['Newark', 4], ['Hackensack', 3], ['New Brunswick', 3], ['Camden', 2], ['Jersey City', 2], ['Morristown', 1]], '201 609 732 856 908 973', [70, 89]),
  NM: s(2.12, [['Albuquerque', 6], ['Santa Fe', 2], ['Las Cruces', 2]], '505 575', [870, 884]),
  NY: s(20.2, [['New York', 12], ['Brooklyn', 3], ['Buffalo', 2], ['Rochester', 2], ['Albany', 2], ['Syracuse', 1], ['Bronx', 2], ['Queens', 2]], '212 315 347 516 518 585 631 716 718 914 917', [100, 149]),
  NC: s(10.4, [['Charlotte', 5], ['Raleigh', 4], ['Durham', 3], ['Greensboro', 2], ['Winston-Salem', 2], ['Asheville', 1], ['Chapel Hill', 1]], '252 336 704 828 910 919 980', [270, 289]),
  ND: s(0.78, [['Fargo', 3], ['Bismarck', 2], ['Grand Forks', 1]], '701', [580, 588]),
  OH: s(11.8, [['Columbus', 5], ['Cleveland', 5], ['Cincinnati', 4], ['Toledo', 2], ['Akron', 2], ['Dayton', 2]], '216 330 419 513 614 740 937', [430, 459]),
  OK: s(3.96, [['Oklahoma City', 5], ['Tulsa', 4], ['Norman', 1], ['Lawton', 1]], '405 539 580 918', [730, 749]),
  OR: s(4.24, [['Portland', 6], ['Eugene', 2], ['Salem', 2], ['Medford', 1], ['Bend', 1]], '458 503 541 971', [970, 979]),
  PA: s(13.0, [['Philadelphia', 7], ['Pittsburgh', 5], ['Allentown', 1], ['Harrisburg', 1], ['Hershey', 1], ['Erie', 1], ['Scranton', 1]], '215 267 412 484 570 610 717 724 814', [150, 196]),
  RI: s(1.1, [['Providence', 4], ['Warwick', 1], ['Cranston', 1]], '401', [28, 29]),
  SC: s(5.1, [['Charleston', 4], ['Columbia', 4], ['Greenville', 3], ['Spartanburg', 1], ['Myrtle Beach', 1]], '803 843 854 864', [290, 299]),
  SD: s(0.89, [['Sioux Falls', 4], ['Rapid City', 2], ['Aberdeen', 1]], '605', [570, 577]),
  TN: s(6.9, [['Nashville', 6], ['Memphis', 5], ['Knoxville', 3], ['Chattanooga', 2], ['Johnson City', 1]], '423 615 629 731 865 901 931', [370, 385]),
  TX: s(29.1, [['Houston', 9], ['Dallas', 7], ['San Antonio', 5], ['Austin', 4], ['Fort Worth', 3], ['El Paso', 2], ['Lubbock', 1], ['Galveston', 1], ['Plano', 1], ['Corpus Christi', 1]], '210 214 254 281 325 361 409 432 512 713 806 817 832 903 915 936 940 956 972', [750, 799]),
  UT: s(3.27, [['Salt Lake City', 6], ['Provo', 2], ['Ogden', 2], ['St. George', 1]], '385 435 801', [840, 847]),
  VT: s(0.64, [['Burlington', 4], ['Rutland', 1], ['Montpelier', 1]], '802', [50, 59]),
  VA: s(8.6, [['Richmond', 4], ['Norfolk', 3], ['Virginia Beach', 2], ['Charlottesville', 2], ['Roanoke', 2], ['Fairfax', 2], ['Arlington', 1]], '276 434 540 571 703 757 804', [220, 246]),
  WA: s(7.7, [['Seattle', 7], ['Spokane', 3], ['Tacoma', 3], ['Vancouver', 1], ['Everett', 1], ['Bellevue', 1]], '206 253 360 425 509', [980, 994]),
  WV: s(1.79, [['Charleston', 3], ['Morgantown', 3], ['Huntington', 2], ['Wheeling', 1]], '304 681', [247, 268]),
  WI: s(5.9, [['Milwaukee', 6], ['Madison', 4], ['Green Bay', 2], ['La Crosse', 1], ['Eau Claire', 1]], '262 414 608 715 920', [530, 549]),
  WY: s(0.58, [['Cheyenne', 3], ['Casper', 2], ['Laramie', 1], ['Jackson', 1]], '307', [820, 831]),
};
