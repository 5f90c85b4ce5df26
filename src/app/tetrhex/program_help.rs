//! The help on TETRHEX itself (the main menu's Help key, manual section 5.1 "aide sur
//! TETRHEX"), in English and in French: what TETRHEX is, its screens and their keys as this
//! program handles them, the options it honours and where the best scores are kept.
//!
//! Plain text for [`super::help_view::HelpView::plain`]: each `\n` starts a line (a key of a
//! list, a paragraph), an empty line separates the sections; the viewer wraps the lines to
//! its width. Only ASCII: the 5×7 font draws ASCII 32–126 and nothing else, so the French is
//! written without accents, as many Atari texts of the 1990s were (`e` for `é`, `a` for `à`).
//!
//! The keys named here are the ones `main_menu.rs`, `help_view.rs`, `name_entry.rs`,
//! `score_table.rs` and the activity handle; the tests check them against the code.

/// The help on TETRHEX in the language of TOS country code `country` (option `-l`'s codes):
/// French for 2 (France) and 7 (French Switzerland), English for any other.
pub fn text(country: u8) -> &'static str {
    match country {
        2 | 7 => FRENCH,
        _ => ENGLISH,
    }
}

/// The country codes the help is written for (English: the United States and the United
/// Kingdom; French: France and French Switzerland), for `-l`'s choice.
pub const COUNTRIES: [u8; 4] = [0, 3, 2, 7];

/// The help in English (a `static`, as `FRENCH`: `text` gives this very string, which the
/// tests compare by address).
pub static ENGLISH: &str = "\
TETRHEX is a game of the Tetris or Columns kind played on a hexagonal board of hexagonal \
cells. Its rules are not in the program: each one is a rule file (.RUL) that says how the \
pieces are made and fall, what is destroyed and how the game is scored. Three rules come \
with it: Tetrhex, Hexcolumns and Tet'light. The keys that move the pieces are the rule's: \
read its help (Shift-Help in the main menu).\n\
\n\
PRESENTATION\n\
The first screen shows TETRHEX, the six colours of the hexagons and the rule's name. Any \
key or a click goes on to the main menu.\n\
\n\
MAIN MENU\n\
It shows the rule's name, the player's name and the side of the board. Choose an item with \
its key, or click its line.\n\
Help: this text (help on TETRHEX).\n\
Shift-Help: help on the rule (listed when the rule has one).\n\
Undo: load another rule file (listed when there is a disk): a file selector in a GEM \
window, a form asking for the file's name in full screen.\n\
N: the player's name (not listed with option -u).\n\
Return or Enter: play.\n\
F1 to F10, Shift-F1 to Shift-F10: the best scores (a click is F1).\n\
Ctrl-Tab: the window behind the others (listed in a GEM window whose AES can do it).\n\
Ctrl-Q: quit.\n\
Ctrl with one of the keypad's keys ( ) / *: a board of side 6, 7, 8 or 9 (when the rule \
lets you choose).\n\
Esc: back to the collection's start screen.\n\
\n\
HELP\n\
The Up and Down arrows scroll the text by a line; with Shift, by a page; with Ctrl, four \
times as far. Clr-Home goes to the start of the text, Shift-Clr-Home to its end. Esc goes \
back to the main menu.\n\
\n\
PLAYER'S NAME\n\
A box at the top left asks for the name: at most 23 printable characters, without accents. \
Backspace erases the last character, Esc all of them. The Right arrow brings back the last \
character erased at the cursor's place, the Up arrow all the erased ones. Return or Enter \
validate. Ctrl-C ends the entry: from the menu there is then no player's name; at the end \
of a game the score is not saved. To get the last name back, type its first letter, then \
the Up arrow.\n\
At the end of a game an empty name cannot be validated.\n\
\n\
GAME\n\
The pieces appear at the top of the board. The radar above it shows the next piece when \
the rule turns it on; the rule's numbers (score, level...) are on the right. In the game's \
pause (a key of the rule: Undo in the three rules supplied, Return goes on), -- PAUSE -- is \
shown at the top left. In a GEM window put in the background, the window is cleared and \
-- PAUSE -- shown in its middle (the window's pause); when it comes back to the front, the \
game is in the game's pause, so that it does not go on at once.\n\
Esc (without Ctrl: Ctrl-Esc gives up in the three rules) goes back to the collection's \
start screen; the game waits there, paused, until you choose its rule again. Ctrl-Q \
quits.\n\
At the end a box shows GAME OVER and the score. Return, Enter or Esc: the best scores when \
the score enters them (the player's name is asked for first when there is none), else the \
main menu.\n\
\n\
BEST SCORES\n\
Each side of the board has its own table: choose the side in the main menu first. Fn shows \
the ranks 10n-9 to 10n (F1 ranks 1 to 10, Shift-F1 ranks 101 to 110): name, score and date; \
the rank the last game entered is in another colour. Each rule file says how many scores \
it keeps (20 per side in the three rules supplied); a score of 0 never enters. Another Fn \
turns the page, and so do Down (the next ten ranks) and Up (the ten before); Esc, Return \
or a click go back to the main menu.\n\
The scores are kept in the rule file itself, beside the program (TETRHEX.RUL, HEXCOLS.RUL, \
TETLIGHT.RUL; a rule loaded with Undo in its own file). When the file is not there, the \
rule built into the program is played and the file is written at the first score that \
enters. A save never loses the file: the new one is written and read back before it \
replaces the old one; when a save fails, a message says why and the score is kept until \
the program ends. Without a TOS disk the scores last as long as the program.\n\
\n\
OPTIONS\n\
Started with TETRHEX's options, the program is TETRHEX: it reads the file TETRHEX.CFG \
beside the program first, then the command line. Options start with -; of an option given \
twice, the last one counts.\n\
-n 6 to 9: the side of the board (unless the rule sets its own).\n\
-p \"name\" or -p 'name': the player's name.\n\
-u: the best scores are left unchanged (no name asked for, nothing saved).\n\
-b and six numbers: the frame's colour (red, green, blue, then what each plane further \
back loses).\n\
-vhc and -vhw and eight numbers: the intensities of the hexagons' eight levels, and the \
white added to them.\n\
-da, -dd, -dy, -ds, -dt, -dn: the date and the time at the bottom of the main menu, when \
the system has a clock: -dd the date without the year, -dy with it, -dt the time without \
the seconds, -ds with them, -da both in full (the default), -dn neither.\n\
-cd and -ct and three numbers: the colours of the date and of the time (red, green, blue); \
-ch and three numbers: the colour of the help's text.\n\
-cp 0 to 15: the colour of -- PAUSE -- while the window is not on top, one of the \
system's 16 colours.\n\
-l: the languages of the help, by preference: country codes (0 United States, 2 France, \
3 United Kingdom, 7 French Switzerland...), ? and * for the system's language (the _AKP \
cookie) and those close to it. The default is * 0 3. This help is in French for 2 and 7, in English otherwise; the help on \
the rule in the languages its file has. A file TETRHEX.LNG beside the program may name \
another help file for each language: lines LANGUAGE 2 then HELP: FOLDER\\FILE.TXT (a \
language without HELP: has no help).\n\
-r file: the rule file (TETRHEX.RUL, HEXCOLS.RUL and TETLIGHT.RUL are built into the \
program).\n\
-ws: full screen; -ww: a GEM window (when the desktop is there). -wpc: the window opens \
centred; -wp x y: its top left corner at x, y (where it fits on the desk).\n\
-vr: full screen only if the screen is already in 640x480 in 256 colours (else exit code \
2).\n\
-ta, -td: the full screen's clock on the MFP's Timer A or D (D by default, A when the \
left Shift key is held at the start: useful when the serial port is used).\n\
-h: this help is also written on the standard output; -e: so are the options ignored.\n\
-o file: the rest of the options are read from the file. A .RUL file dropped on the \
program's icon is -r, another file -o.\n\
-s (message files) is refused: they are 68000 routines run inside the game, and this \
version does not run them. A wrong option, or -s, ends the program with the reason and the \
exit code 10. The manual's other options are checked but have no effect in this version.";

/// The help in French (without accents: the font has none).
pub static FRENCH: &str = "\
TETRHEX est un jeu de type Tetris ou Columns qui se joue sur un tableau hexagonal, avec des \
cases hexagonales. Ses regles ne sont pas dans le programme: chacune est un fichier de \
regle (.RUL) qui definit la forme des pieces, leur chute, ce qui est detruit et le calcul du \
score. Trois regles sont fournies: Tetrhex, Hexcolumns et Tet'light. Les touches qui \
deplacent les pieces dependent de la regle: lisez son aide (Shift-Help a partir du menu \
principal).\n\
\n\
PRESENTATION\n\
Le premier ecran affiche TETRHEX, les six couleurs des hexagones et le nom de la regle. \
Appuyer sur une touche ou cliquer pour passer au menu principal.\n\
\n\
MENU PRINCIPAL\n\
Il affiche le nom de la regle, le nom du joueur et la taille du tableau. Chaque item se \
choisit en appuyant sur sa touche ou en cliquant sur sa ligne.\n\
Help: ce texte (aide sur TETRHEX).\n\
Shift-Help: aide sur la regle (affiche seulement si la regle en a une).\n\
Undo: charger une autre regle (affiche seulement s'il y a un disque): un selecteur de \
fichiers en mode fenetre GEM, un formulaire demandant le nom du fichier en mode plein \
ecran.\n\
N: nom du joueur (pas affiche avec l'option -u).\n\
Return ou Enter: jouer.\n\
F1 a F10, Shift-F1 a Shift-F10: meilleurs scores (un clic equivaut a F1).\n\
Ctrl-Tab: la fenetre derriere les autres (propose dans une fenetre GEM dont l'AES le permet).\n\
Ctrl-Q: quitter.\n\
Ctrl et une des touches ( ) / * du pave numerique: tableau de 6, 7, 8 ou 9 hexagones de \
cote (si la regle laisse le choix).\n\
Esc: retour a l'ecran d'accueil de la collection.\n\
\n\
AIDE\n\
Les fleches vers le haut et vers le bas font defiler le texte d'une ligne; avec Shift, \
d'une page; avec Ctrl, quatre fois plus. Clr-Home va au debut du texte, Shift-Clr-Home a la \
fin. Esc revient au menu principal.\n\
\n\
NOM DU JOUEUR\n\
Un rectangle s'affiche en haut a gauche pour entrer le nom: 23 caracteres affichables au \
plus, sans accents. Backspace efface le dernier caractere, Esc tous les caracteres. La \
fleche droite recupere le dernier caractere efface a la position du curseur, la fleche vers \
le haut tous les caracteres effaces. Return ou Enter valident. Ctrl-C met fin a l'entree: \
depuis le menu, il n'y a alors pas de nom de joueur; en fin de partie, le score n'est pas \
sauvegarde. Pour retrouver le dernier nom entre, tapez sa premiere lettre puis la fleche \
vers le haut.\n\
En fin de partie, un nom vide ne peut pas etre valide.\n\
\n\
JEU\n\
Les pieces apparaissent en haut du tableau. Le radar, au-dessus, montre la piece suivante \
si la regle l'active; les nombres de la regle (score, niveau...) sont a droite. En mode \
pause du jeu (une touche de la regle: Undo dans les trois regles fournies, Return pour \
reprendre), -- PAUSE -- est affiche en haut a gauche. Dans une fenetre GEM qui passe en \
arriere-plan, le contenu est efface et -- PAUSE -- est affiche au centre (mode pause de la \
fenetre); quand la fenetre repasse au premier plan, le jeu est en mode pause du jeu, pour \
qu'il ne reprenne pas immediatement.\n\
Esc (sans Ctrl: Ctrl-Esc abandonne dans les trois regles) revient a l'ecran d'accueil de la \
collection; la partie y attend, en pause, jusqu'a ce que vous choisissiez de nouveau sa \
regle. Ctrl-Q quitte.\n\
A la fin, un rectangle affiche GAME OVER et le score. Return, Enter ou Esc: les meilleurs \
scores si le score y entre (le nom du joueur est d'abord demande s'il n'y en a pas), sinon \
le menu principal.\n\
\n\
MEILLEURS SCORES\n\
Chaque taille du tableau a sa propre liste: choisissez d'abord la taille dans le menu \
principal. Fn affiche les rangs 10n-9 a 10n (F1 les rangs 1 a 10, Shift-F1 les rangs 101 a \
110): nom, score et date; le rang que la derniere partie vient d'obtenir est d'une autre \
couleur. Chaque fichier de regle fixe le nombre de scores gardes (20 par taille dans les \
trois regles fournies); un score nul n'y entre jamais. Une autre touche Fn change de page, \
de meme que Bas (les dix rangs suivants) et Haut (les dix precedents); Esc, Return ou un \
clic reviennent au menu principal.\n\
Les scores sont sauvegardes dans le fichier de regle lui-meme, a cote du programme \
(TETRHEX.RUL, HEXCOLS.RUL, TETLIGHT.RUL; une regle chargee par Undo dans son propre \
fichier). Si le fichier n'y est pas, la regle incluse dans le programme est jouee et le \
fichier est ecrit au premier score qui entre. Une sauvegarde ne perd jamais le fichier: le \
nouveau est ecrit et relu avant de remplacer l'ancien; si elle echoue, un message en donne \
la raison et le score est garde jusqu'a la fin du programme. Sans disque TOS, les scores ne \
durent que le temps du programme.\n\
\n\
OPTIONS\n\
Lance avec des options de TETRHEX, le programme devient TETRHEX: il lit d'abord le fichier \
TETRHEX.CFG situe a cote du programme, puis la ligne de commandes. Les options commencent \
par -; si une option est donnee plusieurs fois, seule la derniere compte.\n\
-n 6 a 9: taille d'un cote du tableau (sauf si la regle impose la sienne).\n\
-p \"nom\" ou -p 'nom': nom du joueur.\n\
-u: laisse la liste des meilleurs scores inchangee (aucun nom demande, rien n'est \
sauvegarde).\n\
-b suivi de 6 nombres: couleur du cadre (rouge, vert, bleu, puis ce qu'enleve chaque plan \
situe plus au fond).\n\
-vhc et -vhw suivis de 8 nombres: intensites des 8 niveaux des hexagones, et blanc \
ajoute.\n\
-da, -dd, -dy, -ds, -dt, -dn: la date et l'heure en bas du menu principal, si le systeme a \
une horloge: -dd la date sans l'annee, -dy avec, -dt l'heure sans les secondes, -ds avec, \
-da les deux en entier (par defaut), -dn ni l'une ni l'autre.\n\
-cd et -ct suivis de 3 nombres: couleurs de la date et de l'heure (rouge, vert, bleu); \
-ch suivi de 3 nombres: couleur du texte de l'aide.\n\
-cp 0 a 15: couleur de -- PAUSE -- quand la fenetre n'est pas au premier plan, l'une des \
16 couleurs du systeme.\n\
-l: preferences des langages de l'aide: codes des pays (0 Etats-Unis, 2 France, \
3 Royaume-Uni, 7 Suisse francaise...), ? et * pour la langue du systeme (cookie _AKP) et \
celles qui s'en rapprochent. Par defaut: * 0 3. Cette aide est en francais pour 2 et 7, en anglais sinon; l'aide sur la \
regle dans les langues de son fichier. Un fichier TETRHEX.LNG a cote du programme peut \
nommer un autre fichier d'aide pour chaque langue: des lignes LANGUAGE 2 puis HELP: \
DOSSIER\\FICHIER.TXT (une langue sans HELP: n'a pas d'aide).\n\
-r fichier: fichier de regle (TETRHEX.RUL, HEXCOLS.RUL et TETLIGHT.RUL sont inclus dans le \
programme).\n\
-ws: mode plein ecran; -ww: mode fenetre GEM (si le bureau est la). -wpc: la fenetre \
s'ouvre centree; -wp x y: son coin superieur gauche en x, y (si elle tient sur le bureau).\n\
-vr: plein ecran seulement si l'ecran est deja en 640x480 en 256 couleurs (sinon code \
d'erreur 2).\n\
-ta, -td: l'horloge du plein ecran sur le timer A ou D du MFP (D par defaut, A si la \
touche Shift gauche est enfoncee au lancement: utile si le port serie est utilise).\n\
-h: cette aide est aussi envoyee sur la sortie standard; -e: les options ignorees \
aussi.\n\
-o fichier: les options restantes sont lues dans le fichier. Un fichier .RUL glisse sur \
l'icone du programme equivaut a -r, un autre fichier a -o.\n\
-s (fichiers de messages) est refuse: ce sont des routines 68000 executees dans le jeu, \
que cette version n'execute pas. Une option incorrecte, ou -s, termine le programme avec \
sa raison et le code d'erreur 10. Les autres options du manuel sont verifiees mais restent \
sans effet dans cette version.";

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
