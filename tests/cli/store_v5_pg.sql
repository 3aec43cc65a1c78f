-- A PostgreSQL store of schema version 5, made by fivefold before
-- migration 5 -> 6 (commit dff8734, built with PostgreSQL): the files of
-- tests/cli/store_v5.sql imported into a new database, then pg_dump
-- --no-owner --no-privileges. tests/store.sh loads it with psql.
--
-- PostgreSQL database dump
--

\restrict vGhmRNROk7QHsqIfPbzrExl9XJMFGaQn7gYOwmAFb4zs9QNFTApg6mbaA5yBRQN

-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: fivefold_schema; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.fivefold_schema (
    version integer NOT NULL
);


--
-- Name: games_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.games_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: games; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.games (
    id bigint DEFAULT nextval('public.games_id_seq'::regclass) NOT NULL,
    hash text NOT NULL,
    ruleset text NOT NULL COLLATE pg_catalog."C",
    game text NOT NULL COLLATE pg_catalog."C",
    preset text NOT NULL COLLATE pg_catalog."C",
    options text NOT NULL COLLATE pg_catalog."C",
    seats integer NOT NULL,
    sides integer NOT NULL,
    first_seat integer NOT NULL,
    first_side integer NOT NULL,
    result text NOT NULL COLLATE pg_catalog."C",
    winner_side integer,
    termination text NOT NULL,
    plies integer NOT NULL,
    seed text,
    origin text NOT NULL,
    event text,
    site text,
    date text COLLATE pg_catalog."C",
    round text,
    source_file text NOT NULL,
    source_game bigint NOT NULL,
    source_line bigint NOT NULL,
    fgn text NOT NULL,
    players text DEFAULT ''::text NOT NULL,
    CONSTRAINT games_origin_check CHECK ((origin = ANY (ARRAY['imported'::text, 'simulated'::text])))
)
PARTITION BY LIST (game);


--
-- Name: games_fivelines; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.games_fivelines (
    id bigint DEFAULT nextval('public.games_id_seq'::regclass) NOT NULL,
    hash text NOT NULL,
    ruleset text NOT NULL COLLATE pg_catalog."C",
    game text NOT NULL COLLATE pg_catalog."C",
    preset text NOT NULL COLLATE pg_catalog."C",
    options text NOT NULL COLLATE pg_catalog."C",
    seats integer NOT NULL,
    sides integer NOT NULL,
    first_seat integer NOT NULL,
    first_side integer NOT NULL,
    result text NOT NULL COLLATE pg_catalog."C",
    winner_side integer,
    termination text NOT NULL,
    plies integer NOT NULL,
    seed text,
    origin text NOT NULL,
    event text,
    site text,
    date text COLLATE pg_catalog."C",
    round text,
    source_file text NOT NULL,
    source_game bigint NOT NULL,
    source_line bigint NOT NULL,
    fgn text NOT NULL,
    players text DEFAULT ''::text NOT NULL,
    CONSTRAINT games_origin_check CHECK ((origin = ANY (ARRAY['imported'::text, 'simulated'::text])))
);


--
-- Name: games_fiveplay; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.games_fiveplay (
    id bigint DEFAULT nextval('public.games_id_seq'::regclass) NOT NULL,
    hash text NOT NULL,
    ruleset text NOT NULL COLLATE pg_catalog."C",
    game text NOT NULL COLLATE pg_catalog."C",
    preset text NOT NULL COLLATE pg_catalog."C",
    options text NOT NULL COLLATE pg_catalog."C",
    seats integer NOT NULL,
    sides integer NOT NULL,
    first_seat integer NOT NULL,
    first_side integer NOT NULL,
    result text NOT NULL COLLATE pg_catalog."C",
    winner_side integer,
    termination text NOT NULL,
    plies integer NOT NULL,
    seed text,
    origin text NOT NULL,
    event text,
    site text,
    date text COLLATE pg_catalog."C",
    round text,
    source_file text NOT NULL,
    source_game bigint NOT NULL,
    source_line bigint NOT NULL,
    fgn text NOT NULL,
    players text DEFAULT ''::text NOT NULL,
    CONSTRAINT games_origin_check CHECK ((origin = ANY (ARRAY['imported'::text, 'simulated'::text])))
);


--
-- Name: games_other; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.games_other (
    id bigint DEFAULT nextval('public.games_id_seq'::regclass) NOT NULL,
    hash text NOT NULL,
    ruleset text NOT NULL COLLATE pg_catalog."C",
    game text NOT NULL COLLATE pg_catalog."C",
    preset text NOT NULL COLLATE pg_catalog."C",
    options text NOT NULL COLLATE pg_catalog."C",
    seats integer NOT NULL,
    sides integer NOT NULL,
    first_seat integer NOT NULL,
    first_side integer NOT NULL,
    result text NOT NULL COLLATE pg_catalog."C",
    winner_side integer,
    termination text NOT NULL,
    plies integer NOT NULL,
    seed text,
    origin text NOT NULL,
    event text,
    site text,
    date text COLLATE pg_catalog."C",
    round text,
    source_file text NOT NULL,
    source_game bigint NOT NULL,
    source_line bigint NOT NULL,
    fgn text NOT NULL,
    players text DEFAULT ''::text NOT NULL,
    CONSTRAINT games_origin_check CHECK ((origin = ANY (ARRAY['imported'::text, 'simulated'::text])))
);


--
-- Name: games_pegsjokers; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.games_pegsjokers (
    id bigint DEFAULT nextval('public.games_id_seq'::regclass) NOT NULL,
    hash text NOT NULL,
    ruleset text NOT NULL COLLATE pg_catalog."C",
    game text NOT NULL COLLATE pg_catalog."C",
    preset text NOT NULL COLLATE pg_catalog."C",
    options text NOT NULL COLLATE pg_catalog."C",
    seats integer NOT NULL,
    sides integer NOT NULL,
    first_seat integer NOT NULL,
    first_side integer NOT NULL,
    result text NOT NULL COLLATE pg_catalog."C",
    winner_side integer,
    termination text NOT NULL,
    plies integer NOT NULL,
    seed text,
    origin text NOT NULL,
    event text,
    site text,
    date text COLLATE pg_catalog."C",
    round text,
    source_file text NOT NULL,
    source_game bigint NOT NULL,
    source_line bigint NOT NULL,
    fgn text NOT NULL,
    players text DEFAULT ''::text NOT NULL,
    CONSTRAINT games_origin_check CHECK ((origin = ANY (ARRAY['imported'::text, 'simulated'::text])))
);


--
-- Name: games_sequence; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.games_sequence (
    id bigint DEFAULT nextval('public.games_id_seq'::regclass) NOT NULL,
    hash text NOT NULL,
    ruleset text NOT NULL COLLATE pg_catalog."C",
    game text NOT NULL COLLATE pg_catalog."C",
    preset text NOT NULL COLLATE pg_catalog."C",
    options text NOT NULL COLLATE pg_catalog."C",
    seats integer NOT NULL,
    sides integer NOT NULL,
    first_seat integer NOT NULL,
    first_side integer NOT NULL,
    result text NOT NULL COLLATE pg_catalog."C",
    winner_side integer,
    termination text NOT NULL,
    plies integer NOT NULL,
    seed text,
    origin text NOT NULL,
    event text,
    site text,
    date text COLLATE pg_catalog."C",
    round text,
    source_file text NOT NULL,
    source_game bigint NOT NULL,
    source_line bigint NOT NULL,
    fgn text NOT NULL,
    players text DEFAULT ''::text NOT NULL,
    CONSTRAINT games_origin_check CHECK ((origin = ANY (ARRAY['imported'::text, 'simulated'::text])))
);


--
-- Name: players; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.players (
    id bigint NOT NULL,
    name text NOT NULL
);


--
-- Name: players_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.players_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: players_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.players_id_seq OWNED BY public.players.id;


--
-- Name: quarantine; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.quarantine (
    id bigint NOT NULL,
    hash text NOT NULL,
    source_file text NOT NULL,
    source_game bigint NOT NULL,
    source_line bigint NOT NULL,
    verdict text NOT NULL,
    code text NOT NULL,
    diagnostics text NOT NULL,
    raw bytea NOT NULL
);


--
-- Name: quarantine_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.quarantine_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: quarantine_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.quarantine_id_seq OWNED BY public.quarantine.id;


--
-- Name: seats; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.seats (
    game_id bigint NOT NULL,
    seat integer NOT NULL,
    side integer NOT NULL,
    player_id bigint
);


--
-- Name: tags; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tags (
    game_id bigint NOT NULL,
    pos integer NOT NULL,
    name text NOT NULL,
    value text NOT NULL
);


--
-- Name: games_fivelines; Type: TABLE ATTACH; Schema: public; Owner: -
--

ALTER TABLE ONLY public.games ATTACH PARTITION public.games_fivelines FOR VALUES IN ('fivelines');


--
-- Name: games_fiveplay; Type: TABLE ATTACH; Schema: public; Owner: -
--

ALTER TABLE ONLY public.games ATTACH PARTITION public.games_fiveplay FOR VALUES IN ('fiveplay');


--
-- Name: games_other; Type: TABLE ATTACH; Schema: public; Owner: -
--

ALTER TABLE ONLY public.games ATTACH PARTITION public.games_other DEFAULT;


--
-- Name: games_pegsjokers; Type: TABLE ATTACH; Schema: public; Owner: -
--

ALTER TABLE ONLY public.games ATTACH PARTITION public.games_pegsjokers FOR VALUES IN ('pegsjokers');


--
-- Name: games_sequence; Type: TABLE ATTACH; Schema: public; Owner: -
--

ALTER TABLE ONLY public.games ATTACH PARTITION public.games_sequence FOR VALUES IN ('sequence');


--
-- Name: players id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.players ALTER COLUMN id SET DEFAULT nextval('public.players_id_seq'::regclass);


--
-- Name: quarantine id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.quarantine ALTER COLUMN id SET DEFAULT nextval('public.quarantine_id_seq'::regclass);


--
-- Data for Name: fivefold_schema; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.fivefold_schema (version) FROM stdin;
5
\.


--
-- Data for Name: games_fivelines; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.games_fivelines (id, hash, ruleset, game, preset, options, seats, sides, first_seat, first_side, result, winner_side, termination, plies, seed, origin, event, site, date, round, source_file, source_game, source_line, fgn, players) FROM stdin;
6	29b93d2dbb947afaeea1ef80362f80ffa5ef82b4b1f9502eff2be4b178458073	fivelines/schaedler:skip-last	fivelines	schaedler	skip-last	2	2	1	1	1-0	1	normal	23	8	simulated	\N	\N	\N	\N	/tmp/v5/a.fgn	6	87	[Game "fivelines"]\n[Rules "schaedler"]\n[Options "skip-last"]\n[Seat1 "greedy"]\n[Seat2 "greedy"]\n[Source "fivefold simulate"]\n[Seed "8"]\n[Result "1-0"]\n\n2:0-2 3:9-2 1:1-2 2:7-9 4:3-7 4:8-2 6:4-0 5:6-1 1:2-3 4:2-6 4:3-7 4:9-3 5:2-7\n3:5-8 1:- 6:6-2 6:0-6 2:3-5 1:6-7 2:8-0 1:2-3 2:0-2 4:3-7\n1-0\n\n	 3 3 
2	385ac422125b2ff0ad2b75d7137f8e02817708c57fe3c8a9482cfbb7efe39600	fivelines/kidd	fivelines	kidd		2	2	1	1	1-0	1	normal	115	12	simulated	\N	\N	\N	\N	/tmp/v5/a.fgn	2	17	[Game "fivelines"]\n[Rules "kidd"]\n[Seat1 "greedy"]\n[Seat2 "greedy"]\n[Source "fivefold simulate"]\n[Seed "12"]\n[Result "1-0"]\n\n2:x-1 2:x-6 6:x-5 1:x-5* 3:x-2 3:x-7 5:x-4 3:x-7 6:x-5* 3:x-7 6:x-5 4:x-8\n4:2-6* 1:7-8 5:1-6 4:x-8 5:4-9 4:8-2 4:9-3 2:8-0 4:6-0* 3:x-7 1:3-4 6:8-4*\n4:x-3 5:7-2 4:0-4* 3:x-7 5:5-0 5:7-2 1:5-6 2:7-9 3:4-7* 1:x-5 3:0-3 6:5-1\n6:3-9* 1:x-5 3:3-6 2:5-7* 2:x-1* 3:x-7 5:1-6 4:7-1 1:6-7* 6:x-0 4:9-3 5:0-5\n3:3-6 6:1-7* 5:x-4 1:7-8 5:4-9 3:5-8 4:9-3 3:8-1 6:3-9 6:8-4 4:9-3 5:4-9 4:3-7\n2:9-1 3:6-9 6:1-7* 2:x-1* 2:7-9* 3:1-4 5:x-9 4:x-3 4:9-3* 2:x-1 5:3-8 1:6-7\n1:8-9 6:1-7 5:9-4* 1:x-0 1:9-0* 3:6-9 1:4-5 3:6-9 2:0-2 4:x-3 1:5-6 1:9-0 5:6-1\n5:0-5 2:1-3* 5:x-4 5:3-8 5:9-4 5:8-3 4:5-9 4:2-6 1:9-0 1:2-3 6:0-6* 3:3-6*\n4:x-3* 4:x-8 3:4-7 3:8-1 5:3-8 1:x-5 6:8-4 1:1-2 6:4-0 1:5-6 4:0-4 2:6-8 2:4-6*\n3:8-1 1:6-7 6:x-0 3:4-7\n1-0\n\n	 3 3 
9	949a6a2b0aba06f021e9f3cb76075b3b519b20cc159c4ef0e3701b14f7a02cfa	fivelines/schaedler	fivelines	schaedler		2	2	1	1	0-1	2	normal	20	10	simulated	\N	\N	\N	\N	/tmp/v5/a.fgn	9	171	[Game "fivelines"]\n[Rules "schaedler"]\n[Seat1 "greedy"]\n[Seat2 "greedy"]\n[Source "fivefold simulate"]\n[Seed "10"]\n[Result "0-1"]\n\n2:0-2 6:6-2 5:2-7 3:9-2 2:4-6 1:8-9 2:2-4 1:7-8 6:1-7 3:9-2 3:4-7 1:8-9 4:3-7\n6:5-1! {a good start} $1 4:6-0 3:9-2 1:7-8 6:1-7 3:8-1 5:7-2\n0-1\n\n	 3 3 
8	95aefe2c6cc55f75e89cd4c40b415937d264b039ddf1ec6f5a747e6c05c127e9	fivelines/schaedler	fivelines	schaedler		2	2	1	1	1-0	1	normal	53	9	simulated	Club "night" \\ 3	Athens	2026.03.01	2	/tmp/v5/a.fgn	8	152	[Game "fivelines"]\n[Rules "schaedler"]\n[Event "Club \\"night\\" \\\\ 3"]\n[Site "Athens"]\n[Date "2026.03.01"]\n[Round "2"]\n[Seat1 "Ann"]\n[Seat2 "Bob"]\n[Source "fivefold simulate"]\n[Seed "9"]\n[Result "1-0"]\n\n3:4-7 2:5-7 6:1-7 1:6-7 6:0-6 1:9-0 6:6-2 2:0-2 2:2-4 6:- 5:2-7 2:8-0 3:4-7\n6:0-6 2:3-5 1:6-7 3:5-8 6:7-3 5:7-2 2:7-9 2:2-4 6:9-5 2:8-0 4:5-9 2:4-6 6:9-5\n5:6-1 6:3-9 3:1-4 6:5-1 3:4-7 4:9-3 2:0-2 5:7-2 2:2-4 6:3-9 4:4-8 4:9-3 1:8-9\n6:1-7 6:9-5 1:3-4 3:5-8 1:4-5 5:8-3 3:5-8 2:3-5 3:8-1 5:5-0 5:7-2 2:0-2 3:7-0\n5:2-7\n1-0\n\n	 1 2 
1	e57705a2fdfc057ea7a63086f36e68a23dfe66d4c33d021fd0fc55ada80135d9	fivelines/kidd	fivelines	kidd		2	2	1	1	1-0	1	normal	71	11	simulated	\N	\N	\N	\N	/tmp/v5/a.fgn	1	1	[Game "fivelines"]\n[Rules "kidd"]\n[Seat1 "greedy"]\n[Seat2 "greedy"]\n[Source "fivefold simulate"]\n[Seed "11"]\n[Result "1-0"]\n\n2:x-1 4:x-8 2:x-1 1:x-5 1:x-0 4:x-8 2:x-1 4:x-8 2:x-1 4:x-8 4:1-5* 5:x-9 4:0-4\n5:9-4* 3:x-2 6:4-0 3:2-5 5:8-3 4:1-5 2:0-2 4:1-5 1:3-4 5:1-6 4:8-2 6:5-1 2:4-6*\n4:x-3 3:8-1* 5:x-4 3:8-1 3:4-7 5:6-1 2:5-7 2:1-3* 5:x-4 6:3-9 1:4-5 4:9-3 4:5-9\n1:1-2 6:9-5 5:3-8 4:5-9 5:1-6 1:5-6* 6:x-0 3:5-8* 2:x-6* 2:x-1 3:6-9* 2:x-1\n2:0-2 1:8-9* 3:2-5 4:1-5* 4:x-8 2:5-7 3:8-1* 1:x-0 3:1-4 3:0-3 3:2-5 6:9-5*\n4:x-8 1:3-4* 2:x-6 3:4-7 4:x-8 1:5-6* 4:x-8 1:6-7\n1-0\n\n	 3 3 
\.


--
-- Data for Name: games_fiveplay; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.games_fiveplay (id, hash, ruleset, game, preset, options, seats, sides, first_seat, first_side, result, winner_side, termination, plies, seed, origin, event, site, date, round, source_file, source_game, source_line, fgn, players) FROM stdin;
5	5039e127660f4c08de7388d7b86aede939a589469e36f165e58796f23b94e500	fiveplay/standard	fiveplay	standard		2	2	1	1	0-1	2	normal	26	6	simulated	\N	\N	\N	\N	/tmp/v5/a.fgn	5	75	[Game "fiveplay"]\n[Rules "standard"]\n[Seat1 "greedy"]\n[Seat2 "greedy"]\n[Source "fivefold simulate"]\n[Seed "6"]\n[Result "0-1"]\n\nH@d4 S@d3 P@e5 P@c3 P@c5 P@e3 S@d5 P@g3 S@f3 P@a3 S@b3 P@e7 S@f5 P@g5 H@b5 P@a5\nP@c6 S@a4 P@g2 S@e4 P@e6 P@a7 H@a6 H@e5 P@a2 H@e6\n0-1\n\n	 3 3 
\.


--
-- Data for Name: games_other; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.games_other (id, hash, ruleset, game, preset, options, seats, sides, first_seat, first_side, result, winner_side, termination, plies, seed, origin, event, site, date, round, source_file, source_game, source_line, fgn, players) FROM stdin;
\.


--
-- Data for Name: games_pegsjokers; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.games_pegsjokers (id, hash, ruleset, game, preset, options, seats, sides, first_seat, first_side, result, winner_side, termination, plies, seed, origin, event, site, date, round, source_file, source_game, source_line, fgn, players) FROM stdin;
7	e1c4748de43311ecad953871e3c3829ec24f836c87a46c5e3b9becc9eadea501	pegsjokers/liftbridge	pegsjokers	liftbridge		4	2	1	1	1-0	1	normal	199	3	simulated	\N	\N	\N	\N	/tmp/v5/a.fgn	7	100	[Game "pegsjokers"]\n[Rules "liftbridge"]\n[Seats "4"]\n[Teams "1+3 2+4"]\n[Seat1 "greedy"]\n[Seat2 "greedy"]\n[Seat3 "greedy"]\n[Seat4 "greedy"]\n[Source "fivefold simulate"]\n[Seed "3"]\n[Result "1-0"]\n\nJD:S1-T8+6C KC:S2-T26+4C KH:S3-T44+AS JK:S4-T62+KS 6C:T8-T14+9C 8H:T26-T18+3H\n8S:T44-T36+KH KS:T62-T3+QS 9C:T14-T23+JS 4H:T18-H2.1+4H 4D:T36-H3.1+7S\nQS:T3-T15+TH JS:T23-T34+4S 4H:H2.1-H2.5+JC 3S:H3.1-H3.4+KC TH:T15-T25+7D\n5D:T34-T39+3H JC:S2-T26+JH AS:H3.4-H3.5+7C 9H:T25-T34+8C 4S:T39-T43+KS\nJH:T26-T37+2H KH:S3-T44+TD 6C:T34-T40+9D AH:T43-T44+JK 2H:T37-T39+2C\nJH:S3-T44+QH 9D:T40-T49+QD JK:T3-T44+3D 3C:-+QD QH:S3-T44+4S QD:T49-H4.4+JK\n3D:T3-H1.3+8D QD:S2-T26+2S 4S:T39-H3.4+5H JK:S4-T62+8D 2D:H1.3-H1.5+9D\n4C:T26-T30+5H KC:T44-T57+9S 8C:T62-T54+AC KS:S1-T8+3C 5H:T30-T35+2C\nTD:T57-T67+8C 6D:T54-H4.3+5C 8D:T8-T0+7C 4C:T35-T39+6S 9S:T67-T4+7D\nAC:H4.4-H4.5+JD 3H:T0-T3+AS 6S:T39-T45+6S 5H:T4-T9+2D JD:S4-T62+9S\n3C:T3-H1.3+TC 6S:T45-T51+2H 2D:T9-T11+9H 9S:T62-T54,H4.3-H4.4+7H\nAS:H1.3-H1.4+8H 3H:T51-T54+7S 9H:T11-T20+TD 8D:T57-T49+QC TC:-+QC 2S:T54-T56+3D\nTD:T20-T30+QH 7H:T49-T56+TS QC:S1-T8+5S 3D:T21-H2.3+5C QH:T30-H3.3+KD\n5C:T56-T61+4D 8H:T8-T0+AC 2C:-+TH KD:S3-T44+2S QC:S4-T62+5S 5S:T0-H1.2+6H\nTH:-+JS 8C:T44-T36+TC TS:T62-T0+9C AC:H1.2-H1.3+KD JS:S2-T26+JK 2S:T36-T38+QS\n9C:T0-T9+6D KD:S1-T8+AH JK:T26-T9+AD QS:S3-T44+TS 6H:T61-T67+AD AH:T8-T9+8S\nAD:H2.3-H2.4+JC TS:T44-T54+5D AD:T57-H4.1+3S 8S:T9-T1+9D JC:S2-T26+KD\nTC:T54-T64+5D 7D:T67-T1,H4.1-H4.2+8D 6H:-+JH KD:T26-T39+KH 5D:T38-T43+AD\n6D:T1-T7+AC JH:S1-T8+QS KH:T39-T52+JK 5D:T64-T69+4C 5S:T7-T12+8D QS:T8-T20+AH\nJK:T52-T12+KD 4C:T69-T1+TD AC:T57-H4.1+8H 9D:T20-T29+2H KD:T12-T25+AD\nTD:T1-T11+9H 4D:-+6D 9D:T29-T38+QD AD:S2-T26+4H 9H:T43-T38,T11-T15+TH 8H:-+3C\n2H:T3-H1.2+3H 5C:T26-T31+2S TH:T15-T25+8S 8D:-+JK AH:S1-T8+9S 7S:T31-T38+4S\nAD:S3-T44+KS JK:S4-T62+4S QD:T8-T20+TS 4H:T38-T42+9C 8S:T44-T36+TC\n8D:T62-T54+AH TS:T20-T30+2C 9C:T42-T51+4D 7C:T36-T38,T25-T30+5S 6D:T54-T60+AS\n3H:T3-T6+JS 4S:T51-T55+5H 5S:T38-T43+9C AH:H4.2-H4.3+AC JS:T6-T17+KH\n4D:T55-T59+6H TC:T30-H3.1+KS AS:H4.1-H4.2+2D KH:T17-T30+AS 6H:T59-T65+JC\n9C:T43-T35,H3.1-H3.2+8C AC:T60-T61+QH 9S:T30-T39+8C JC:T65-T4+5H 8C:T35-T27+6C\nQH:T61-T1+8S 2C:T39-T41+4H 5H:T4-T9+2S KS:T27-H3.1+3S 4S:T1-T5+QD 4H:T41-T45+TD\n5H:T9-T14+JH KS:T45-T58+QC QD:T5-T17+6S TD:T58-T68+JK JH:T14-T25+JD\n6C:T68-T2+KC 6S:T17-T23+TH AS:T2-T3+QS JD:S2-T26+3D 3S:T3-T6+3H 3S:T23-T26+6S\n8C:T6-T70+JK 3D:T21-H2.3+9H 3H:T70-T1+2D TH:T26-T36+3D QS:T1-T13+7H\n9H:T25-T34+TS KC:T13-T26+JD 6S:T36-T42+3C JK:T26-T42+4C TS:T34-T44+6C\n2D:T42-T44+KC 8S:-+5C 4C:T44-T48+JS 2C:-+8H KC:T48-T61+QC 5C:-+QH JS:T61-T0+9S\n2H:-+QD QC:T0-T12+6D QH:S4-T62+AD JK:T12-T62+JC QD:S2-T26+QS QC:T62-T2+KC\nAD:S4-T62+3S JC:T2-T13+KH 8H:T26-T18+AS KC:T13-T26+4C 3C:T62-T65+3H\nKH:T26-T39+2H 6C:T18-T24+JH JD:T39-T50+5C 3C:T65-T68+8S 9S:T50-T59+6D\nJH:S2-T26+QH 6D:T59-T65+8D 8S:T68-T60+4S 6D:T65-T71+8S QH:T26-T38+8C\n5C:T71-H1.1\n1-0\n\n	 3 3 3 3 
\.


--
-- Data for Name: games_sequence; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.games_sequence (id, hash, ruleset, game, preset, options, seats, sides, first_seat, first_side, result, winner_side, termination, plies, seed, origin, event, site, date, round, source_file, source_game, source_line, fgn, players) FROM stdin;
3	8ed175f70f401b715948421cbae9cba8f095d3fa67194aefe1433bfa4ad62205	sequence/standard	sequence	standard		3	3	1	1	W3	3	normal	54	4	simulated	\N	\N	\N	\N	/tmp/v5/a.fgn	3	37	[Game "sequence"]\n[Rules "standard"]\n[Seats "3"]\n[Seat1 "greedy"]\n[Seat2 "greedy"]\n[Seat3 "greedy"]\n[Source "fivefold simulate"]\n[Seed "4"]\n[Result "W3"]\n\n5C@d4+2D 4H@f5+7H 4D@e3+8D 2D@c3+AH 3H@f6+KD 3C@f4+JC KS@b4+6D KD@h8+9D\n8D@h4+AC 9C@a5+8C 9D@h5+8C AS@j5+6S 8C@a4+3D 7H@i5+8H QS@j3+7D 3D@d3+7C\n8H@d7+4S 6S@f1+KS 7C@a3+6D 7S@b9+4C JC@a2+7S 6D@i10+2H QC@d8+9S KS@j4+5S\n2H@e6+QC 4S@e9+7D 7S@g1+TH QC@a7+4D 8S@b8+TH 5S@e1+5H AH@f2+JS TH@f7+KD\n2S@b1+2H JSxj3+3D 9S@b7+2C 5H@e5+6H AH@g5+KH 2C@g4+9D 7D@h3+9H KH@g2+JH\n9D@f10+AD 9H@i3+QS 3D@j7+5H AD@b10+TD QS@j3+7H JHxb8+KH TD@e10+8H 7H@d6+5C\n4D@j8+QD KD@c10+TC AC@a9+JC QD@d10+4S TC@a6+9S JC@j2\nW3\n\n	 3 3 3 
4	fd6f25e34c14dec3b7b5103b21171db0cee0f5127940b691ff96582751a36645	sequence/standard	sequence	standard		2	2	1	1	1-0	1	normal	63	5	simulated	\N	\N	\N	\N	/tmp/v5/a.fgn	4	56	[Game "sequence"]\n[Rules "standard"]\n[Seats "2"]\n[Seat1 "greedy"]\n[Seat2 "greedy"]\n[Source "fivefold simulate"]\n[Seed "5"]\n[Result "1-0"]\n\nTD@h6+5H 2H@e6+QH 5H@e5+2C AD@g8+AC 8D@h4+8C AC@f8+6D 7D@h3+4C 9H@e7+QH\n2C@g4+KC 7C@c5+2H 4C@e4+6H 2H@h9+JH 6H@d5+6C 6D@i10+3D JD@f7+QD AS@j5+AD\nQD@h7+KD JHxh7+8C 8C@c6+QS 3D@j7+KS KC@a8+3H JHxc6+5C 3H@f6+7S KS@b4+8D\nKD@h8+3S 5D@j9+4D 9C@a5+TC 4D@j8+2C TC@a6+5S 8D@g10+KH 6C@a2+JC 8C@c6+JC\nJC@d6+AS JC@j6+6D KS@j4+2D KH@g6+QD 2D@c3+4S QH@g7+6S 5S@e1+JD QD@h7+KD\nJD@g9+QS 6S@c9+7C 4S@d1+6C KD@c10+3D 3S@c1+JS AD@b10+9H 6S@f1+7H 5C@d4+TH\n7S@g1+7S 2C@e2+5S 7H@i5+9D QH@h2+3C 9D@h5+AC 3C@d2+4H AC@a9+TH 4H@i8+QC\nJSxg6+9C QC@a7+2S 9C@c7+8H 2S@b1+9S 8H@i4+8S TH@i2+JS 8S@b8\n1-0\n\n	 3 3 
\.


--
-- Data for Name: players; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.players (id, name) FROM stdin;
1	Ann
2	Bob
3	greedy
\.


--
-- Data for Name: quarantine; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.quarantine (id, hash, source_file, source_game, source_line, verdict, code, diagnostics, raw) FROM stdin;
1	4790881ab8b777dd23242ba64a8a964f88e04b6bed22cf606874258ebf6bc90f	/tmp/v5/illegal.fgn	1	1	illegal	illegal-move	illegal.fgn:8:23: error: game 1, ply 5 (seat 1): illegal ply '1:3-4': point 4 is occupied [illegal-move]\n	\\x5b47616d652022666976656c696e6573225d0a5b52756c657320227363686165646c6572225d0a5b53656174312022677265656479225d0a5b53656174322022677265656479225d0a5b5365656420223131225d0a5b526573756c742022302d31225d0a0a323a302d3220343a382d3220323a2d20313a362d3720313a332d3420343a372d3120323a342d3620343a2d20323a322d3420343a2d20343a332d3720353a372d3220343a362d3020353a312d360a333a342d3720363a362d3220333a302d3320353a352d3020343a332d3720323a302d3220343a322d3620313a392d3020353a322d3720343a302d3420363a362d3220323a342d3620343a372d310a333a362d3920353a322d3720333a392d320a302d310a
2	3fe7a8968fc68bb8367523436fb9dd94947a28397dac3c6d1e0c910d9f6b7e08	/tmp/v5/syntax.fgn	1	1	malformed	syntax	syntax.fgn:8:17: error: game 1, ply 4 (seat 2): malformed ply '1:6=7': expected ROLL:FROM-TO, ROLL:FROM, ROLL:- or ROLL:skip [syntax]\n	\\x5b47616d652022666976656c696e6573225d0a5b52756c657320227363686165646c6572225d0a5b53656174312022677265656479225d0a5b53656174322022677265656479225d0a5b5365656420223131225d0a5b526573756c742022302d31225d0a0a323a302d3220343a382d3220323a2d20313a363d3720313a312d3220343a372d3120323a342d3620343a2d20323a322d3420343a2d20343a332d3720353a372d3220343a362d3020353a312d360a333a342d3720363a362d3220333a302d3320353a352d3020343a332d3720323a302d3220343a322d3620313a392d3020353a322d3720343a302d3420363a362d3220323a342d3620343a372d310a333a362d3920353a322d3720333a392d320a302d310a
\.


--
-- Data for Name: seats; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.seats (game_id, seat, side, player_id) FROM stdin;
1	1	1	3
1	2	2	3
2	1	1	3
2	2	2	3
3	1	1	3
3	2	2	3
3	3	3	3
4	1	1	3
4	2	2	3
5	1	1	3
5	2	2	3
6	1	1	3
6	2	2	3
7	1	1	3
7	2	2	3
7	3	1	3
7	4	2	3
8	1	1	1
8	2	2	2
9	1	1	3
9	2	2	3
\.


--
-- Data for Name: tags; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.tags (game_id, pos, name, value) FROM stdin;
1	1	Game	fivelines
1	2	Rules	kidd
1	3	Seat1	greedy
1	4	Seat2	greedy
1	5	Source	fivefold simulate
1	6	Seed	11
1	7	Result	1-0
2	1	Game	fivelines
2	2	Rules	kidd
2	3	Seat1	greedy
2	4	Seat2	greedy
2	5	Source	fivefold simulate
2	6	Seed	12
2	7	Result	1-0
3	1	Game	sequence
3	2	Rules	standard
3	3	Seats	3
3	4	Seat1	greedy
3	5	Seat2	greedy
3	6	Seat3	greedy
3	7	Source	fivefold simulate
3	8	Seed	4
3	9	Result	W3
4	1	Game	sequence
4	2	Rules	standard
4	3	Seats	2
4	4	Seat1	greedy
4	5	Seat2	greedy
4	6	Source	fivefold simulate
4	7	Seed	5
4	8	Result	1-0
5	1	Game	fiveplay
5	2	Rules	standard
5	3	Seat1	greedy
5	4	Seat2	greedy
5	5	Source	fivefold simulate
5	6	Seed	6
5	7	Result	0-1
6	1	Game	fivelines
6	2	Rules	schaedler
6	3	Options	skip-last
6	4	Seat1	greedy
6	5	Seat2	greedy
6	6	Source	fivefold simulate
6	7	Seed	8
6	8	Result	1-0
7	1	Game	pegsjokers
7	2	Rules	liftbridge
7	3	Seats	4
7	4	Teams	1+3 2+4
7	5	Seat1	greedy
7	6	Seat2	greedy
7	7	Seat3	greedy
7	8	Seat4	greedy
7	9	Source	fivefold simulate
7	10	Seed	3
7	11	Result	1-0
8	1	Game	fivelines
8	2	Rules	schaedler
8	3	Event	Club "night" \\ 3
8	4	Site	Athens
8	5	Date	2026.03.01
8	6	Round	2
8	7	Seat1	Ann
8	8	Seat2	Bob
8	9	Source	fivefold simulate
8	10	Seed	9
8	11	Result	1-0
9	1	Game	fivelines
9	2	Rules	schaedler
9	3	Seat1	greedy
9	4	Seat2	greedy
9	5	Source	fivefold simulate
9	6	Seed	10
9	7	Result	0-1
\.


--
-- Name: games_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.games_id_seq', 9, true);


--
-- Name: players_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.players_id_seq', 3, true);


--
-- Name: quarantine_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.quarantine_id_seq', 2, true);


--
-- Name: games games_game_hash_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.games
    ADD CONSTRAINT games_game_hash_key UNIQUE (game, hash);


--
-- Name: games_fivelines games_fivelines_game_hash_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.games_fivelines
    ADD CONSTRAINT games_fivelines_game_hash_key UNIQUE (game, hash);


--
-- Name: games games_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.games
    ADD CONSTRAINT games_pkey PRIMARY KEY (game, id);


--
-- Name: games_fivelines games_fivelines_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.games_fivelines
    ADD CONSTRAINT games_fivelines_pkey PRIMARY KEY (game, id);


--
-- Name: games_fiveplay games_fiveplay_game_hash_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.games_fiveplay
    ADD CONSTRAINT games_fiveplay_game_hash_key UNIQUE (game, hash);


--
-- Name: games_fiveplay games_fiveplay_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.games_fiveplay
    ADD CONSTRAINT games_fiveplay_pkey PRIMARY KEY (game, id);


--
-- Name: games_other games_other_game_hash_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.games_other
    ADD CONSTRAINT games_other_game_hash_key UNIQUE (game, hash);


--
-- Name: games_other games_other_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.games_other
    ADD CONSTRAINT games_other_pkey PRIMARY KEY (game, id);


--
-- Name: games_pegsjokers games_pegsjokers_game_hash_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.games_pegsjokers
    ADD CONSTRAINT games_pegsjokers_game_hash_key UNIQUE (game, hash);


--
-- Name: games_pegsjokers games_pegsjokers_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.games_pegsjokers
    ADD CONSTRAINT games_pegsjokers_pkey PRIMARY KEY (game, id);


--
-- Name: games_sequence games_sequence_game_hash_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.games_sequence
    ADD CONSTRAINT games_sequence_game_hash_key UNIQUE (game, hash);


--
-- Name: games_sequence games_sequence_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.games_sequence
    ADD CONSTRAINT games_sequence_pkey PRIMARY KEY (game, id);


--
-- Name: players players_name_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.players
    ADD CONSTRAINT players_name_key UNIQUE (name);


--
-- Name: players players_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.players
    ADD CONSTRAINT players_pkey PRIMARY KEY (id);


--
-- Name: quarantine quarantine_hash_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.quarantine
    ADD CONSTRAINT quarantine_hash_key UNIQUE (hash);


--
-- Name: quarantine quarantine_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.quarantine
    ADD CONSTRAINT quarantine_pkey PRIMARY KEY (id);


--
-- Name: seats seats_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seats
    ADD CONSTRAINT seats_pkey PRIMARY KEY (game_id, seat);


--
-- Name: tags tags_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tags
    ADD CONSTRAINT tags_pkey PRIMARY KEY (game_id, pos);


--
-- Name: games_by_date; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_by_date ON ONLY public.games USING btree (date);


--
-- Name: games_by_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_by_id ON ONLY public.games USING btree (id);


--
-- Name: games_fivelines_date_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_fivelines_date_idx ON public.games_fivelines USING btree (date);


--
-- Name: games_fivelines_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_fivelines_id_idx ON public.games_fivelines USING btree (id);


--
-- Name: games_stats; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_stats ON ONLY public.games USING btree (ruleset, seats, plies, sides, first_side, winner_side, result, origin, options, date, game, preset, players);


--
-- Name: games_fivelines_ruleset_seats_plies_sides_first_side_winner_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_fivelines_ruleset_seats_plies_sides_first_side_winner_idx ON public.games_fivelines USING btree (ruleset, seats, plies, sides, first_side, winner_side, result, origin, options, date, game, preset, players);


--
-- Name: games_fiveplay_date_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_fiveplay_date_idx ON public.games_fiveplay USING btree (date);


--
-- Name: games_fiveplay_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_fiveplay_id_idx ON public.games_fiveplay USING btree (id);


--
-- Name: games_fiveplay_ruleset_seats_plies_sides_first_side_winner__idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_fiveplay_ruleset_seats_plies_sides_first_side_winner__idx ON public.games_fiveplay USING btree (ruleset, seats, plies, sides, first_side, winner_side, result, origin, options, date, game, preset, players);


--
-- Name: games_other_date_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_other_date_idx ON public.games_other USING btree (date);


--
-- Name: games_other_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_other_id_idx ON public.games_other USING btree (id);


--
-- Name: games_other_ruleset_seats_plies_sides_first_side_winner_sid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_other_ruleset_seats_plies_sides_first_side_winner_sid_idx ON public.games_other USING btree (ruleset, seats, plies, sides, first_side, winner_side, result, origin, options, date, game, preset, players);


--
-- Name: games_pegsjokers_date_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_pegsjokers_date_idx ON public.games_pegsjokers USING btree (date);


--
-- Name: games_pegsjokers_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_pegsjokers_id_idx ON public.games_pegsjokers USING btree (id);


--
-- Name: games_pegsjokers_ruleset_seats_plies_sides_first_side_winne_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_pegsjokers_ruleset_seats_plies_sides_first_side_winne_idx ON public.games_pegsjokers USING btree (ruleset, seats, plies, sides, first_side, winner_side, result, origin, options, date, game, preset, players);


--
-- Name: games_sequence_date_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_sequence_date_idx ON public.games_sequence USING btree (date);


--
-- Name: games_sequence_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_sequence_id_idx ON public.games_sequence USING btree (id);


--
-- Name: games_sequence_ruleset_seats_plies_sides_first_side_winner__idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_sequence_ruleset_seats_plies_sides_first_side_winner__idx ON public.games_sequence USING btree (ruleset, seats, plies, sides, first_side, winner_side, result, origin, options, date, game, preset, players);


--
-- Name: seats_by_player; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX seats_by_player ON public.seats USING btree (player_id);


--
-- Name: games_fivelines_date_idx; Type: INDEX ATTACH; Schema: public; Owner: -
--

ALTER INDEX public.games_by_date ATTACH PARTITION public.games_fivelines_date_idx;


--
-- Name: games_fivelines_game_hash_key; Type: INDEX ATTACH; Schema: public; Owner: -
--

ALTER INDEX public.games_game_hash_key ATTACH PARTITION public.games_fivelines_game_hash_key;


--
-- Name: games_fivelines_id_idx; Type: INDEX ATTACH; Schema: public; Owner: -
--

ALTER INDEX public.games_by_id ATTACH PARTITION public.games_fivelines_id_idx;


--
-- Name: games_fivelines_pkey; Type: INDEX ATTACH; Schema: public; Owner: -
--

ALTER INDEX public.games_pkey ATTACH PARTITION public.games_fivelines_pkey;


--
-- Name: games_fivelines_ruleset_seats_plies_sides_first_side_winner_idx; Type: INDEX ATTACH; Schema: public; Owner: -
--

ALTER INDEX public.games_stats ATTACH PARTITION public.games_fivelines_ruleset_seats_plies_sides_first_side_winner_idx;


--
-- Name: games_fiveplay_date_idx; Type: INDEX ATTACH; Schema: public; Owner: -
--

ALTER INDEX public.games_by_date ATTACH PARTITION public.games_fiveplay_date_idx;


--
-- Name: games_fiveplay_game_hash_key; Type: INDEX ATTACH; Schema: public; Owner: -
--

ALTER INDEX public.games_game_hash_key ATTACH PARTITION public.games_fiveplay_game_hash_key;


--
-- Name: games_fiveplay_id_idx; Type: INDEX ATTACH; Schema: public; Owner: -
--

ALTER INDEX public.games_by_id ATTACH PARTITION public.games_fiveplay_id_idx;


--
-- Name: games_fiveplay_pkey; Type: INDEX ATTACH; Schema: public; Owner: -
--

ALTER INDEX public.games_pkey ATTACH PARTITION public.games_fiveplay_pkey;


--
-- Name: games_fiveplay_ruleset_seats_plies_sides_first_side_winner__idx; Type: INDEX ATTACH; Schema: public; Owner: -
--

ALTER INDEX public.games_stats ATTACH PARTITION public.games_fiveplay_ruleset_seats_plies_sides_first_side_winner__idx;


--
-- Name: games_other_date_idx; Type: INDEX ATTACH; Schema: public; Owner: -
--

ALTER INDEX public.games_by_date ATTACH PARTITION public.games_other_date_idx;


--
-- Name: games_other_game_hash_key; Type: INDEX ATTACH; Schema: public; Owner: -
--

ALTER INDEX public.games_game_hash_key ATTACH PARTITION public.games_other_game_hash_key;


--
-- Name: games_other_id_idx; Type: INDEX ATTACH; Schema: public; Owner: -
--

ALTER INDEX public.games_by_id ATTACH PARTITION public.games_other_id_idx;


--
-- Name: games_other_pkey; Type: INDEX ATTACH; Schema: public; Owner: -
--

ALTER INDEX public.games_pkey ATTACH PARTITION public.games_other_pkey;


--
-- Name: games_other_ruleset_seats_plies_sides_first_side_winner_sid_idx; Type: INDEX ATTACH; Schema: public; Owner: -
--

ALTER INDEX public.games_stats ATTACH PARTITION public.games_other_ruleset_seats_plies_sides_first_side_winner_sid_idx;


--
-- Name: games_pegsjokers_date_idx; Type: INDEX ATTACH; Schema: public; Owner: -
--

ALTER INDEX public.games_by_date ATTACH PARTITION public.games_pegsjokers_date_idx;


--
-- Name: games_pegsjokers_game_hash_key; Type: INDEX ATTACH; Schema: public; Owner: -
--

ALTER INDEX public.games_game_hash_key ATTACH PARTITION public.games_pegsjokers_game_hash_key;


--
-- Name: games_pegsjokers_id_idx; Type: INDEX ATTACH; Schema: public; Owner: -
--

ALTER INDEX public.games_by_id ATTACH PARTITION public.games_pegsjokers_id_idx;


--
-- Name: games_pegsjokers_pkey; Type: INDEX ATTACH; Schema: public; Owner: -
--

ALTER INDEX public.games_pkey ATTACH PARTITION public.games_pegsjokers_pkey;


--
-- Name: games_pegsjokers_ruleset_seats_plies_sides_first_side_winne_idx; Type: INDEX ATTACH; Schema: public; Owner: -
--

ALTER INDEX public.games_stats ATTACH PARTITION public.games_pegsjokers_ruleset_seats_plies_sides_first_side_winne_idx;


--
-- Name: games_sequence_date_idx; Type: INDEX ATTACH; Schema: public; Owner: -
--

ALTER INDEX public.games_by_date ATTACH PARTITION public.games_sequence_date_idx;


--
-- Name: games_sequence_game_hash_key; Type: INDEX ATTACH; Schema: public; Owner: -
--

ALTER INDEX public.games_game_hash_key ATTACH PARTITION public.games_sequence_game_hash_key;


--
-- Name: games_sequence_id_idx; Type: INDEX ATTACH; Schema: public; Owner: -
--

ALTER INDEX public.games_by_id ATTACH PARTITION public.games_sequence_id_idx;


--
-- Name: games_sequence_pkey; Type: INDEX ATTACH; Schema: public; Owner: -
--

ALTER INDEX public.games_pkey ATTACH PARTITION public.games_sequence_pkey;


--
-- Name: games_sequence_ruleset_seats_plies_sides_first_side_winner__idx; Type: INDEX ATTACH; Schema: public; Owner: -
--

ALTER INDEX public.games_stats ATTACH PARTITION public.games_sequence_ruleset_seats_plies_sides_first_side_winner__idx;


--
-- Name: seats seats_player_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seats
    ADD CONSTRAINT seats_player_id_fkey FOREIGN KEY (player_id) REFERENCES public.players(id);


--
-- PostgreSQL database dump complete
--

\unrestrict vGhmRNROk7QHsqIfPbzrExl9XJMFGaQn7gYOwmAFb4zs9QNFTApg6mbaA5yBRQN

