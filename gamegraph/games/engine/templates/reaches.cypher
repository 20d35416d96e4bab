// name: {p}_reaches
// Whether position $position reaches $target by moves, and in how many (the least; 0 when
// they are equal). One row; moves is null when it does not.
// params: {params}, position:position, target:position
// requires: {game}
{examples}
// example: :param position => {position}
// example: :param target => {target}
MATCH (a:{label} {match_position}), (b:{label} {match_target})
OPTIONAL CALL (a, b) {
  MATCH path = SHORTEST 1 (a)-[:{move}]->*(b)
  RETURN path
}
RETURN a.key AS position, b.key AS target, path IS NOT NULL AS reaches, length(path) AS moves
