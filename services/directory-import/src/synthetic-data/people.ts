/**
 * Given names and surnames of mixed origins (English, Hispanic, African American, Irish, Italian,
 * German, Polish, Indian, Chinese, Korean, Vietnamese, Filipino, Nigerian, Arabic, Jewish…), roughly
 * most common first: the generator draws with a skew towards the top, so a recruiter sees many
 * Smiths and Garcias and a long tail. Combined at random they describe nobody in particular.
 */
const words = (text: string): readonly string[] => text.trim().split(/\s+/);

export const FEMALE_NAMES = words(`
  Mary Jennifer Jessica Sarah Ashley Emily Elizabeth Amanda Melissa Michelle Stephanie Nicole Rebecca
  Laura Lauren Rachel Megan Kimberly Amy Angela Heather Christina Kelly Lisa Katherine Karen Maria
  Brittany Danielle Samantha Hannah Amber Andrea Crystal Erin Tiffany Courtney Julie Patricia Linda
  Barbara Susan Margaret Nancy Sandra Donna Carol Sharon Deborah Cynthia Kathleen Pamela Catherine
  Christine Anna Victoria Natalie Olivia Emma Sophia Isabella Abigail Madison Chloe Grace Alexis
  Kayla Taylor Brianna Jasmine Destiny Alyssa Haley Morgan Sydney Kaitlyn Allison Jenna Paige Mariah
  Vanessa Monica Veronica Gabriela Daniela Alejandra Guadalupe Rosa Carmen Yesenia Marisol Ana Lucia
  Sofia Valeria Camila Ximena Paola Adriana Leticia Esperanza Beatriz Ebony Latoya Keisha Tamika
  Shanice Aaliyah Imani Jada Tanisha Monique Aisha Nia Ayesha Fatima Priya Anjali Deepa Kavya Sunita
  Neha Pooja Divya Lakshmi Meera Shreya Ritu Mei Ling Xiaoying Hui Jing Yan Min Ji-woo Seo-yeon
  Hyun-joo Eun-ji Thuy Linh Ngoc Hoa Mai Lan Maricel Rowena Jocelyn Marites Lorna Analyn Chiamaka
  Ngozi Adaeze Oluwaseun Folake Amara Chidinma Yetunde Layla Yasmin Noor Rania Leila Huda Sara Miriam
  Rivka Tova Shira Aviva Siobhan Niamh Bridget Maeve Colleen Kathryn Giulia Francesca Gina Angelina
  Teresa Rosalie Greta Heidi Ingrid Katja Anja Agnieszka Katarzyna Magdalena Joanna Irina Natasha
  Olga Svetlana Tatiana Yuliya Oksana Nadia Elena Alina Diana Caroline Claire Charlotte Alice Audrey
  Evelyn Harper Avery Ella Scarlett Aria Zoe Nora Lily Hazel Violet Aurora Stella Lucy Ruby Ivy
  Naomi Leah Ruth Esther Deborah Joy Faith Hope Brenda Tammy Tracy Wendy Dawn Stacy Kristen Lindsey
  Carly Molly Shannon Tara Meghan Kristin Robin Holly Jill Gail Joan Judith Janet Marilyn Diane
  Theresa Gloria Evelyn Jacqueline Renee Yolanda Denise Sheila Wanda Felicia Regina Bonnie Marsha
`);

export const MALE_NAMES = words(`
  James Michael Robert John David William Richard Joseph Thomas Christopher Charles Daniel Matthew
  Anthony Mark Donald Steven Andrew Paul Joshua Kenneth Kevin Brian George Timothy Ronald Jason
  Edward Jeffrey Ryan Jacob Gary Nicholas Eric Jonathan Stephen Larry Justin Scott Brandon Benjamin
  Samuel Gregory Alexander Patrick Frank Raymond Jack Dennis Jerry Tyler Aaron Jose Adam Nathan Henry
  Zachary Douglas Peter Kyle Noah Ethan Jeremy Walter Christian Keith Roger Terry Austin Sean Gerald
  Carl Harold Dylan Arthur Lawrence Jordan Jesse Bryan Billy Bruce Gabriel Joe Logan Alan Juan
  Albert Willie Elijah Wayne Randy Vincent Mason Roy Ralph Bobby Russell Bradley Philip Eugene Carlos
  Luis Miguel Jorge Alejandro Diego Fernando Ricardo Eduardo Javier Rafael Sergio Manuel Francisco
  Antonio Roberto Alberto Hector Ramon Arturo Enrique Mateo Santiago Emilio Andres Marcus Darnell
  Jamal Tyrone DeShawn Terrell Malik Andre Cedric Reginald Darius Jalen Xavier Isaiah Rahul Amit
  Vikram Sanjay Arjun Rajesh Suresh Anil Ravi Karthik Vivek Aditya Nikhil Pranav Wei Jun Hao Jian
  Ming Lei Yong Tao Min-jun Seung-ho Ji-hoon Dong-hyun Sung-min Minh Tuan Duc Quang Hung Thanh
  Rodel Jericho Rommel Ariel Jomar Chinedu Emeka Oluwafemi Tunde Chukwuemeka Obinna Ikenna Babajide
  Omar Ahmed Mohammed Ali Hassan Khalid Tariq Youssef Karim Samir Ibrahim Mustafa David Avi Eli
  Yosef Ari Moshe Noam Liam Connor Declan Brendan Cormac Aidan Finn Giovanni Marco Luca Matteo
  Salvatore Dominic Vincenzo Lorenzo Hans Klaus Stefan Lukas Felix Tobias Piotr Tomasz Krzysztof
  Marek Pawel Dmitri Sergei Alexei Nikolai Ivan Mikhail Yuri Oleksandr Andrei Victor Caleb Owen
  Wyatt Hunter Carter Isaac Levi Julian Grayson Lincoln Hudson Miles Ezra Silas Theodore Everett
  Harrison Spencer Trevor Derek Travis Shane Chad Brett Cody Dustin Corey Marcus Neil Ross Todd Craig
`);

export const SURNAMES = words(`
  Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez
  Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark
  Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams
  Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker
  Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper
  Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood James
  Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster
  Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Gonzales Fisher
  Vasquez Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds Griffin Wallace Moreno
  West Cole Hayes Bryant Herrera Gibson Ellis Tran Medina Aguilar Stevens Murray Ford Castro Marshall
  Owens Harrison Fernandez McDonald Woods Washington Kennedy Wells Vargas Henry Chen Freeman Webb
  Tucker Guzman Burns Crawford Olson Simpson Porter Hunter Gordon Mendez Silva Shaw Snyder Mason
  Dixon Munoz Hunt Hicks Holmes Palmer Wagner Black Robertson Boyd Rose Stone Salazar Fox Warren
  Mills Meyer Rice Schmidt Garza Daniels Ferguson Nichols Stephens Soto Weaver Ryan Gardner Payne
  Grant Dunn Kelley Spencer Hawkins Arnold Pierce Vazquez Hansen Peters Santos Hart Bradley Knight
  Elliott Cunningham Duncan Armstrong Hudson Carroll Lane Riley Andrews Alvarado Ray Delgado Berry
  Perkins Hoffman Johnston Matthews Pena Richards Contreras Willis Carpenter Lawrence Sandoval
  Wang Li Zhang Liu Yang Huang Zhao Wu Zhou Xu Sun Ma Zhu Hu Lin Guo He Luo Park Choi Jung Kang Cho
  Yoon Jang Lim Han Shin Pham Le Hoang Huynh Phan Vu Vo Dang Bui Do Ho Ngo Duong Ly Shah Singh Kumar
  Sharma Gupta Mehta Reddy Rao Iyer Nair Desai Joshi Kapoor Chopra Malhotra Agarwal Banerjee Das
  Mukherjee Chatterjee Pillai Menon Khan Ahmed Hussain Rahman Malik Qureshi Haddad Khoury Nasser
  Saleh Mansour Farah Okafor Okeke Adeyemi Oyelaran Eze Nwosu Obi Adebayo Mensah Owusu Boateng
  Santos Reyes Bautista Villanueva Dela Cruz Mendoza Aquino Ramos Garcia Tolentino Navarro Cohen
  Levy Goldberg Friedman Katz Rosen Shapiro Weiss Stein Klein Schwartz Rubin Kaplan O'Brien O'Connor
  O'Neill Murphy Walsh McCarthy Byrne Doyle Gallagher Kavanagh Rossi Russo Esposito Bianchi Romano
  Colombo Ricci Marino Greco Bruno Conti DeLuca Mancini Costa Muller Schneider Fischer Weber Becker
  Schulz Zimmermann Koch Richter Kowalski Nowak Wisniewski Wojcik Kaminski Lewandowski Zielinski
  Ivanov Petrov Smirnov Volkov Popov Sokolov Kuznetsov Novak Horvat Jensen Larsen Nielsen Andersen
  Johansson Lindqvist Berg Dubois Laurent Moreau Lefebvre Fontaine Tanaka Suzuki Takahashi Watanabe
  Yamamoto Nakamura Kobayashi Sato Abernathy Whitfield Blackwell Holloway Sterling Prescott Langley
`).filter((name) => name !== 'Dela');

/** The few surnames written with a space, kept as one name. */
export const SPACED_SURNAMES = ['De la Cruz', 'Van Der Berg', 'St. Clair', 'Del Rosario'];

/** Middle names are often just an initial in real exports. */
export const MIDDLE_INITIALS = words('A B C D E F G H J K L M N P R S T W');
